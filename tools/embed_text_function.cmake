# bvhscope_embed_text(TARGET target NAMESPACE ns FUNCTION name FILES file...)
# Adds to `target` a source generated from FILES by tools/embed_text.cmake (see there), rebuilt
# whenever one of the files changes.
include_guard(GLOBAL)

function(bvhscope_embed_text)
  cmake_parse_arguments(EMBED "" "TARGET;NAMESPACE;FUNCTION" "FILES" ${ARGN})
  set(script "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/embed_text.cmake")
  set(output "${CMAKE_CURRENT_BINARY_DIR}/embedded_${EMBED_FUNCTION}.cpp")
  list(JOIN EMBED_FILES "|" inputs)
  add_custom_command(
    OUTPUT "${output}"
    COMMAND ${CMAKE_COMMAND} "-DOUTPUT=${output}" "-DNAMESPACE=${EMBED_NAMESPACE}"
            "-DFUNCTION=${EMBED_FUNCTION}" "-DINPUTS=${inputs}" -P "${script}"
    DEPENDS ${EMBED_FILES} "${script}"
    COMMENT "Embedding ${EMBED_FUNCTION} files"
    VERBATIM)
  target_sources(${EMBED_TARGET} PRIVATE "${output}")
endfunction()

# bvhscope_embed_binary(TARGET target NAMESPACE ns FUNCTION name FILES file...)
# The same for binary files (fonts), through tools/embed_binary.cmake.
function(bvhscope_embed_binary)
  cmake_parse_arguments(EMBED "" "TARGET;NAMESPACE;FUNCTION" "FILES" ${ARGN})
  set(script "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/embed_binary.cmake")
  set(output "${CMAKE_CURRENT_BINARY_DIR}/embedded_${EMBED_FUNCTION}.cpp")
  list(JOIN EMBED_FILES "|" inputs)
  add_custom_command(
    OUTPUT "${output}"
    COMMAND ${CMAKE_COMMAND} "-DOUTPUT=${output}" "-DNAMESPACE=${EMBED_NAMESPACE}"
            "-DFUNCTION=${EMBED_FUNCTION}" "-DINPUTS=${inputs}" -P "${script}"
    DEPENDS ${EMBED_FILES} "${script}"
    COMMENT "Embedding ${EMBED_FUNCTION} files"
    VERBATIM)
  target_sources(${EMBED_TARGET} PRIVATE "${output}")
endfunction()
