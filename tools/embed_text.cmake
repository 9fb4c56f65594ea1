# Turns text files into a C++ source so the binary carries them (shaders, the sample capture)
# and runs from any directory. Run as a script at build time:
#
#   cmake -DOUTPUT=out.cpp -DNAMESPACE=bvhscope::render -DFUNCTION=shaderSource
#         -DINPUTS=a.vert|b.frag [-DPREFIX=version.glsl] -P embed_text.cmake
#
# The generated function `std::string_view FUNCTION(std::string_view fileName)` returns a file's
# text by its base name, or an empty view for an unknown name. Text goes into raw string
# literals split into chunks, so no compiler meets an over-long literal. With PREFIX, that file's
# text comes first in every embedded text.
cmake_minimum_required(VERSION 3.25)

string(REPLACE "|" ";" input_list "${INPUTS}")
set(delimiter "bvhscope_embed")
set(chunk_size 16000)

set(prefix "")
if(PREFIX)
  file(READ "${PREFIX}" prefix)
endif()
set(body "")
set(table "")
set(file_index 0)
foreach(input IN LISTS input_list)
  get_filename_component(name "${input}" NAME)
  file(READ "${input}" content)
  string(PREPEND content "${prefix}")
  string(FIND "${content}" ")${delimiter}\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${input} contains the raw string delimiter )${delimiter}\"")
  endif()
  string(LENGTH "${content}" length)
  set(chunks "")
  set(offset 0)
  while(offset LESS length)
    string(SUBSTRING "${content}" ${offset} ${chunk_size} chunk)
    string(APPEND chunks "    R\"${delimiter}(${chunk})${delimiter}\",\n")
    math(EXPR offset "${offset} + ${chunk_size}")
  endwhile()
  string(APPEND body "constexpr const char* kChunks${file_index}[] = {\n${chunks}    nullptr};\n")
  string(APPEND table "    {\"${name}\", kChunks${file_index}},\n")
  math(EXPR file_index "${file_index} + 1")
endforeach()

set(source "// Generated at build time by tools/embed_text.cmake; do not edit.
#include <string>
#include <string_view>

namespace ${NAMESPACE} {
namespace {

${body}
struct EmbeddedFile {
    std::string_view name;
    const char* const* chunks;
};

const EmbeddedFile kFiles[] = {
${table}};

} // namespace

std::string_view ${FUNCTION}(std::string_view fileName) {
    for (const EmbeddedFile& file : kFiles) {
        if (file.name == fileName) {
            // Joined once, on first use; the strings live as long as the program.
            static std::string joined[sizeof kFiles / sizeof kFiles[0]];
            std::string& text = joined[&file - kFiles];
            if (text.empty()) {
                for (const char* const* chunk = file.chunks; *chunk != nullptr; ++chunk) {
                    text += *chunk;
                }
            }
            return text;
        }
    }
    return {};
}

} // namespace ${NAMESPACE}
")

include("${CMAKE_CURRENT_LIST_DIR}/write_if_changed.cmake")
write_if_changed("${OUTPUT}" "${source}")
