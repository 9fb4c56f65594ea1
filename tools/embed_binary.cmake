# Turns binary files (fonts) into a C++ source so the binary carries them and runs anywhere, as
# embed_text.cmake does for text. Run as a script at build time:
#
#   cmake -DOUTPUT=out.cpp -DNAMESPACE=bvhscope::viewer -DFUNCTION=embeddedFont
#         -DINPUTS=a.ttf|b.ttf -P embed_binary.cmake
#
# The generated function `std::span<const unsigned char> FUNCTION(std::string_view fileName)`
# returns a file's bytes by its base name, or an empty span for an unknown name.
cmake_minimum_required(VERSION 3.25)

string(REPLACE "|" ";" input_list "${INPUTS}")

set(body "")
set(table "")
set(file_index 0)
foreach(input IN LISTS input_list)
  get_filename_component(name "${input}" NAME)
  file(READ "${input}" content HEX)
  string(LENGTH "${content}" hex_length)
  if(hex_length EQUAL 0)
    message(FATAL_ERROR "${input} is empty or missing")
  endif()
  # Two hex digits a byte; 32 bytes a line keeps the generated source readable by tools.
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${content}")
  string(REGEX REPLACE "((0x[0-9a-f][0-9a-f],){32})" "\\1\n" bytes "${bytes}")
  string(APPEND body "constexpr unsigned char kBytes${file_index}[] = {\n${bytes}};\n")
  string(APPEND table "    {\"${name}\", kBytes${file_index}, sizeof kBytes${file_index}},\n")
  math(EXPR file_index "${file_index} + 1")
endforeach()

set(source "// Generated at build time by tools/embed_binary.cmake; do not edit.
#include <cstddef>
#include <span>
#include <string_view>

namespace ${NAMESPACE} {
namespace {

${body}
struct EmbeddedFile {
    std::string_view name;
    const unsigned char* bytes;
    std::size_t size;
};

const EmbeddedFile kFiles[] = {
${table}};

} // namespace

std::span<const unsigned char> ${FUNCTION}(std::string_view fileName) {
    for (const EmbeddedFile& file : kFiles) {
        if (file.name == fileName) {
            return {file.bytes, file.size};
        }
    }
    return {};
}

} // namespace ${NAMESPACE}
")

include("${CMAKE_CURRENT_LIST_DIR}/write_if_changed.cmake")
write_if_changed("${OUTPUT}" "${source}")
