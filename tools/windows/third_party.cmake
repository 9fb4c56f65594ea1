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

# Headers only: a staging folder holding just glm/ and stb/.
set(staged "${CMAKE_BINARY_DIR}/staged-include")
file(MAKE_DIRECTORY "${staged}")
foreach(header_dir glm stb)
  if(NOT EXISTS "/usr/include/${header_dir}")
    message(FATAL_ERROR "/usr/include/${header_dir} is missing (tools/install-deps.sh installs it)")
  endif()
  file(CREATE_LINK "/usr/include/${header_dir}" "${staged}/${header_dir}" SYMBOLIC)
endforeach()
add_library(glm::glm INTERFACE IMPORTED GLOBAL)
target_include_directories(glm::glm SYSTEM INTERFACE "${staged}")
# nlohmann::json (core/gltf) and tinygltf (its tests read exports back): headers too.
if(NOT EXISTS "/usr/include/nlohmann" OR NOT EXISTS "/usr/include/tiny_gltf.h")
  message(FATAL_ERROR "nlohmann/ or tiny_gltf.h is missing in /usr/include (tools/install-deps.sh installs them)")
endif()
file(CREATE_LINK "/usr/include/nlohmann" "${staged}/nlohmann" SYMBOLIC)
file(CREATE_LINK "/usr/include/tiny_gltf.h" "${staged}/tiny_gltf.h" SYMBOLIC)
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED GLOBAL)
target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE "${staged}")

# stb: the Linux build links Debian's compiled libstb; here the implementations are compiled
# from the same headers.
set(stb_implementation "${CMAKE_BINARY_DIR}/stb_implementation.c")
file(CONFIGURE OUTPUT "${stb_implementation}" CONTENT
"#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>
")
add_library(bvhscope_stb STATIC "${stb_implementation}")
target_include_directories(bvhscope_stb SYSTEM PUBLIC "${staged}" "${staged}/stb")
add_library(stb ALIAS bvhscope_stb)

# GLFW 3.3 (static; its own CMake build, without examples, tests or docs).
set(GLFW_BUILD_EXAMPLES OFF CACHE BOOL "" FORCE)
set(GLFW_BUILD_TESTS OFF CACHE BOOL "" FORCE)
set(GLFW_BUILD_DOCS OFF CACHE BOOL "" FORCE)
set(GLFW_INSTALL OFF CACHE BOOL "" FORCE)
set(BUILD_SHARED_LIBS OFF CACHE BOOL "" FORCE)
add_subdirectory("${BVHSCOPE_WINDOWS_SOURCES}/glfw" third_party/glfw EXCLUDE_FROM_ALL SYSTEM)

# Dear ImGui 1.86: the core and the GLFW + OpenGL 3 backends the viewer uses; included as
# <imgui.h> and <backends/imgui_impl_glfw.h>, as Debian's pkg-config file arranges on Linux.
set(imgui_dir "${BVHSCOPE_WINDOWS_SOURCES}/imgui")
add_library(bvhscope_imgui STATIC
  "${imgui_dir}/imgui.cpp"
  "${imgui_dir}/imgui_demo.cpp"
  "${imgui_dir}/imgui_draw.cpp"
  "${imgui_dir}/imgui_tables.cpp"
  "${imgui_dir}/imgui_widgets.cpp"
  "${imgui_dir}/backends/imgui_impl_glfw.cpp"
  "${imgui_dir}/backends/imgui_impl_opengl3.cpp"
  "${imgui_dir}/misc/cpp/imgui_stdlib.cpp")
# C++17, as Debian builds it (g++'s default): under C++20 its flag enums' mixing is deprecated.
set_target_properties(bvhscope_imgui PROPERTIES CXX_STANDARD 17)
# <imgui_stdlib.h> (InputText on std::string) sits beside <imgui.h> in Debian's package.
target_include_directories(bvhscope_imgui SYSTEM PUBLIC "${imgui_dir}" "${imgui_dir}/misc/cpp")
target_link_libraries(bvhscope_imgui PUBLIC glfw)
add_library(PkgConfig::IMGUI INTERFACE IMPORTED GLOBAL)
target_link_libraries(PkgConfig::IMGUI INTERFACE bvhscope_imgui)

# meshoptimizer (the body look's mesh simplification): its sources, compiled as one static library
# under the name Debian's CMake package gives it.
file(GLOB meshoptimizer_sources "${BVHSCOPE_WINDOWS_SOURCES}/meshoptimizer/src/*.cpp")
add_library(bvhscope_meshoptimizer STATIC ${meshoptimizer_sources})
target_include_directories(bvhscope_meshoptimizer SYSTEM PUBLIC
                           "${BVHSCOPE_WINDOWS_SOURCES}/meshoptimizer/src")
add_library(meshoptimizer::meshoptimizer ALIAS bvhscope_meshoptimizer)

# GoogleTest from Debian's source, static like everything else.
set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
# (Its CMakeLists defines the GTest:: aliases.)
add_subdirectory(/usr/src/googletest third_party/googletest EXCLUDE_FROM_ALL SYSTEM)
