# `make package`: a Debian package of what `cmake --install` installs, built by CPack. Its
# Depends line is computed from the binary by dpkg-shlibdeps (the libraries it links: GLFW, EGL,
# libGL, libstdc++...); the Mesa drivers that give those libraries a renderer are recommended.
# dpkg's triggers (shared-mime-info, desktop-file-utils, the icon theme) refresh the MIME
# database, the desktop entries and the icon cache on install and removal, so the package needs
# no maintainer scripts.
set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "bvhscope")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "The bvhscope authors")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "fast, forgiving viewer for BVH motion-capture files")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME "DEB-DEFAULT") # bvhscope_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "The bvhscope authors <bvhscope@users.noreply.github.com>")
set(CPACK_DEBIAN_PACKAGE_SECTION "graphics")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${BVHSCOPE_HOMEPAGE}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl1-mesa-dri, libegl-mesa0")
# The synopsis line is CPACK_PACKAGE_DESCRIPTION_SUMMARY; CPack indents this body and turns
# its empty line into the " ." paragraph break.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "bvhscope opens Biovision Hierarchy (.bvh) captures in every layout capture
systems write, side by side, with a timeline, joint inspection, curves with
Euler flips and jitter marked, A/B comparison and a folder browser. Its
command line checks, inspects, converts and renders files without a display.

The package registers the BVH file type (model/x-bvh), draws thumbnails of
BVH files in file managers, and ships a man page and bash, zsh and fish
completions.")

# What Debian expects of every package beside the program: the licence as
# /usr/share/doc/bvhscope/copyright and a compressed changelog (packaging/changelog.in, the same
# releases as the AppStream metainfo). Installed by `cmake --install` too, into the doc folder.
install(FILES "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION "${CMAKE_INSTALL_DOCDIR}"
        RENAME copyright)
if(NOT BVHSCOPE_CORE_ONLY)
  configure_file("${CMAKE_CURRENT_LIST_DIR}/changelog.in" "${PROJECT_BINARY_DIR}/packaging/changelog"
                 @ONLY)
  find_program(BVHSCOPE_GZIP gzip REQUIRED)
  add_custom_command(
    OUTPUT "${PROJECT_BINARY_DIR}/packaging/changelog.gz"
    COMMAND ${BVHSCOPE_GZIP} -9 -n -f -k "${PROJECT_BINARY_DIR}/packaging/changelog"
    DEPENDS "${PROJECT_BINARY_DIR}/packaging/changelog"
    VERBATIM)
  add_custom_target(bvhscope_changelog ALL DEPENDS "${PROJECT_BINARY_DIR}/packaging/changelog.gz")
  install(FILES "${PROJECT_BINARY_DIR}/packaging/changelog.gz" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
endif()

include(CPack)
