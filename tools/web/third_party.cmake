# The third-party libraries of the web build (make web; included by the top-level CMakeLists.txt
# under emscripten), from Debian only:
#   glm, stb, nlohmann, tinygltf  headers from Debian's -dev packages, staged into the build tree
#                so /usr/include (the build machine's C library headers) is never on the path
#   GLFW         emscripten's own implementation over the canvas (-sUSE_GLFW=3)
#   OpenGL       WebGL2 through emscripten's GLES 3.0 headers (-sMAX_WEBGL_VERSION=2)
#   ImGui, meshoptimizer, zlib  Debian's source packages at the Linux build's versions, unpacked by
#                tools/web/fetch-sources.sh into BVHSCOPE_WEB_SOURCES and compiled here
# It defines the same targets the Linux build gets from find_package / pkg-config.
set(BVHSCOPE_WEB_SOURCES "${CMAKE_BINARY_DIR}/deps" CACHE PATH
    "Where tools/web/fetch-sources.sh unpacked Dear ImGui, meshoptimizer and zlib")
foreach(unpacked imgui meshoptimizer zlib)
  if(NOT EXISTS "${BVHSCOPE_WEB_SOURCES}/${unpacked}")
    message(FATAL_ERROR "${BVHSCOPE_WEB_SOURCES}/${unpacked} is missing: run "
                        "tools/web/fetch-sources.sh ${BVHSCOPE_WEB_SOURCES} (make web does)")
  endif()
endforeach()

include(${CMAKE_CURRENT_LIST_DIR}/../debian_third_party.cmake)
bvhscope_debian_header_libraries("${CMAKE_BINARY_DIR}/staged-include")

# GLFW and WebGL2: emscripten's, chosen at compile and link time.
add_library(glfw INTERFACE IMPORTED GLOBAL)
# GLFW's header would include the desktop <GL/gl.h>; the code includes <glad/gl.h> (WebGL2's).
target_compile_definitions(glfw INTERFACE GLFW_INCLUDE_NONE)
target_link_options(glfw INTERFACE -sUSE_GLFW=3 -sMAX_WEBGL_VERSION=2 -sMIN_WEBGL_VERSION=2)
add_library(OpenGL::GL INTERFACE IMPORTED GLOBAL)

# Dear ImGui 1.86, with the OpenGL 3 backend in its GLSL ES 3.00 mode.
bvhscope_imgui_from_source("${BVHSCOPE_WEB_SOURCES}/imgui")
target_compile_definitions(bvhscope_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
bvhscope_meshoptimizer_from_source("${BVHSCOPE_WEB_SOURCES}/meshoptimizer")

# zlib (the PNGs of File > Save picture): its C sources, without the gz* file functions.
set(zlib_dir "${BVHSCOPE_WEB_SOURCES}/zlib")
add_library(bvhscope_zlib STATIC
  ${zlib_dir}/adler32.c ${zlib_dir}/crc32.c ${zlib_dir}/deflate.c ${zlib_dir}/inflate.c
  ${zlib_dir}/inffast.c ${zlib_dir}/inftrees.c ${zlib_dir}/trees.c ${zlib_dir}/zutil.c
  ${zlib_dir}/compress.c ${zlib_dir}/uncompr.c)
target_include_directories(bvhscope_zlib SYSTEM PUBLIC "${zlib_dir}")
target_compile_options(bvhscope_zlib PRIVATE -w)
add_library(ZLIB::ZLIB ALIAS bvhscope_zlib)

# libc++ 13 (emscripten 3.1.6's) lacks C++20 library parts the code uses: supplied by a header
# force-included into every C++ source, and an empty <stop_token> (tools/web/libcxx13_compat.h).
add_compile_options("$<$<COMPILE_LANGUAGE:CXX>:-include${PROJECT_SOURCE_DIR}/tools/web/libcxx13_compat.h>")
include_directories(SYSTEM "${PROJECT_SOURCE_DIR}/tools/web/compat_include")
