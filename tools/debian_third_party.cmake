# What the cross-builds (tools/windows/third_party.cmake, tools/web/third_party.cmake) make the
# same way from Debian's packages: header-only libraries staged into the build tree (so
# /usr/include, the build machine's C library headers, is never on the path), stb's
# implementation, and the libraries compiled from Debian's unpacked sources.
include_guard(GLOBAL)

# Links /usr/include/NAME for each NAME (a folder or a header) into `staged`.
function(bvhscope_stage_debian_headers staged)
  file(MAKE_DIRECTORY "${staged}")
  foreach(header IN LISTS ARGN)
    if(NOT EXISTS "/usr/include/${header}")
      message(FATAL_ERROR "/usr/include/${header} is missing (tools/install-deps.sh installs it)")
    endif()
    file(CREATE_LINK "/usr/include/${header}" "${staged}/${header}" SYMBOLIC)
  endforeach()
endfunction()

# The `stb` target: the Linux build links Debian's compiled libstb; here the implementations are
# compiled from the same headers (staged under `staged`/stb).
function(bvhscope_stb_from_headers staged)
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
endfunction()

# Dear ImGui 1.86 (the core, the GLFW + OpenGL 3 backends the viewer uses, and imgui_stdlib),
# included as <imgui.h> and <backends/imgui_impl_glfw.h> as Debian's pkg-config file arranges on
# Linux: the target PkgConfig::IMGUI. Extra arguments are more of its sources.
function(bvhscope_imgui_from_source imgui_dir)
  add_library(bvhscope_imgui STATIC
    "${imgui_dir}/imgui.cpp"
    "${imgui_dir}/imgui_draw.cpp"
    "${imgui_dir}/imgui_tables.cpp"
    "${imgui_dir}/imgui_widgets.cpp"
    "${imgui_dir}/backends/imgui_impl_glfw.cpp"
    "${imgui_dir}/backends/imgui_impl_opengl3.cpp"
    "${imgui_dir}/misc/cpp/imgui_stdlib.cpp"
    ${ARGN})
  # C++17, as Debian builds it (g++'s default): under C++20 its flag enums' mixing is deprecated.
  set_target_properties(bvhscope_imgui PROPERTIES CXX_STANDARD 17)
  # <imgui_stdlib.h> (InputText on std::string) sits beside <imgui.h> in Debian's package.
  target_include_directories(bvhscope_imgui SYSTEM PUBLIC "${imgui_dir}" "${imgui_dir}/misc/cpp")
  target_link_libraries(bvhscope_imgui PUBLIC glfw)
  add_library(PkgConfig::IMGUI INTERFACE IMPORTED GLOBAL)
  target_link_libraries(PkgConfig::IMGUI INTERFACE bvhscope_imgui)
endfunction()

# meshoptimizer (the body look's mesh simplification): its sources, compiled as one static
# library under the name Debian's CMake package gives it.
function(bvhscope_meshoptimizer_from_source meshoptimizer_dir)
  file(GLOB meshoptimizer_sources "${meshoptimizer_dir}/src/*.cpp")
  add_library(bvhscope_meshoptimizer STATIC ${meshoptimizer_sources})
  target_include_directories(bvhscope_meshoptimizer SYSTEM PUBLIC "${meshoptimizer_dir}/src")
  add_library(meshoptimizer::meshoptimizer ALIAS bvhscope_meshoptimizer)
endfunction()

# glm::glm, nlohmann_json::nlohmann_json (core/gltf; tinygltf beside it for the tests that read
# exports back) and stb, from Debian's headers staged under `staged`.
function(bvhscope_debian_header_libraries staged)
  bvhscope_stage_debian_headers("${staged}" glm stb nlohmann tiny_gltf.h)
  add_library(glm::glm INTERFACE IMPORTED GLOBAL)
  target_include_directories(glm::glm SYSTEM INTERFACE "${staged}")
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED GLOBAL)
  target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE "${staged}")
  bvhscope_stb_from_headers("${staged}")
endfunction()
