# The third-party libraries of the Windows build, from Debian only (included by the top-level
# CMakeLists.txt when cross-compiling for Windows):
#   glm, stb     platform-independent headers from libglm-dev and libstb-dev, staged into the
#                build tree so /usr/include (Linux's C library headers) is never on the path
#   GLFW, ImGui, meshoptimizer  Debian's source packages at the Linux build's versions, unpacked by
#                tools/windows/fetch-sources.sh into BVHSCOPE_WINDOWS_SOURCES and compiled here
#   GoogleTest   the source Debian ships in /usr/src/googletest (package googletest)
# It defines the same targets the Linux build gets from find_package / pkg-config: glm::glm,
# glfw, PkgConfig::IMGUI, stb and GTest::gtest / GTest::gtest_main / GTest::gmock.
set(BVHSCOPE_WINDOWS_SOURCES "${CMAKE_BINARY_DIR}/deps" CACHE PATH
    "Where tools/windows/fetch-sources.sh unpacked GLFW and Dear ImGui")
foreach(unpacked glfw imgui meshoptimizer)
  if(NOT EXISTS "${BVHSCOPE_WINDOWS_SOURCES}/${unpacked}")
    message(FATAL_ERROR "${BVHSCOPE_WINDOWS_SOURCES}/${unpacked} is missing: run "
                        "tools/windows/fetch-sources.sh ${BVHSCOPE_WINDOWS_SOURCES} (make windows does)")
  endif()
endforeach()

include(${CMAKE_CURRENT_LIST_DIR}/../debian_third_party.cmake)
bvhscope_debian_header_libraries("${CMAKE_BINARY_DIR}/staged-include")

# GLFW 3.3 (static; its own CMake build, without examples, tests or docs).
set(GLFW_BUILD_EXAMPLES OFF CACHE BOOL "" FORCE)
set(GLFW_BUILD_TESTS OFF CACHE BOOL "" FORCE)
set(GLFW_BUILD_DOCS OFF CACHE BOOL "" FORCE)
set(GLFW_INSTALL OFF CACHE BOOL "" FORCE)
set(BUILD_SHARED_LIBS OFF CACHE BOOL "" FORCE)
add_subdirectory("${BVHSCOPE_WINDOWS_SOURCES}/glfw" third_party/glfw EXCLUDE_FROM_ALL SYSTEM)

bvhscope_imgui_from_source("${BVHSCOPE_WINDOWS_SOURCES}/imgui")
bvhscope_meshoptimizer_from_source("${BVHSCOPE_WINDOWS_SOURCES}/meshoptimizer")

# GoogleTest from Debian's source, static like everything else.
set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
# (Its CMakeLists defines the GTest:: aliases.)
add_subdirectory(/usr/src/googletest third_party/googletest EXCLUDE_FROM_ALL SYSTEM)
