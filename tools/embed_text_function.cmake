# bvhscope_embed_text(TARGET target NAMESPACE ns FUNCTION name [PREFIX file] FILES file...)
# bvhscope_embed_binary(TARGET target NAMESPACE ns FUNCTION name FILES file...)
# Add to `target` a source generated from FILES by tools/embed_text.cmake (text: shaders, the
# sample capture) or tools/embed_binary.cmake (binary: fonts), rebuilt whenever one of the files
# changes. See those scripts for the function each generated source defines. PREFIX names a file
# whose text is put before each embedded text (the shaders' #version line, chosen per build).
include_guard(GLOBAL)

function(bvhscope_embed_with script)
  cmake_parse_arguments(EMBED "" "TARGET;NAMESPACE;FUNCTION;PREFIX" "FILES" ${ARGN})
  set(output "${CMAKE_CURRENT_BINARY_DIR}/embedded_${EMBED_FUNCTION}.cpp")
  list(JOIN EMBED_FILES "|" inputs)
  add_custom_command(
    OUTPUT "${output}"
    COMMAND ${CMAKE_COMMAND} "-DOUTPUT=${output}" "-DNAMESPACE=${EMBED_NAMESPACE}"
            "-DFUNCTION=${EMBED_FUNCTION}" "-DINPUTS=${inputs}" "-DPREFIX=${EMBED_PREFIX}"
            -P "${script}"
    DEPENDS ${EMBED_FILES} ${EMBED_PREFIX} "${script}" "${PROJECT_SOURCE_DIR}/tools/write_if_changed.cmake"
    COMMENT "Embedding ${EMBED_FUNCTION} files"
    VERBATIM)
  target_sources(${EMBED_TARGET} PRIVATE "${output}")
endfunction()

function(bvhscope_embed_text)
  bvhscope_embed_with("${CMAKE_CURRENT_FUNCTION_LIST_DIR}/embed_text.cmake" ${ARGN})
endfunction()

function(bvhscope_embed_binary)
  bvhscope_embed_with("${CMAKE_CURRENT_FUNCTION_LIST_DIR}/embed_binary.cmake" ${ARGN})
endfunction()
