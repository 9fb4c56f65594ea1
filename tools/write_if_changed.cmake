# write_if_changed(PATH CONTENT): writes CONTENT to PATH unless PATH already holds exactly that,
# so that files generated at build time (tools/embed_text.cmake, tools/embed_binary.cmake) keep
# their timestamp when nothing changed and what depends on them does not rebuild.
function(write_if_changed path content)
  if(EXISTS "${path}")
    file(READ "${path}" previous)
    if(previous STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE "${path}" "${content}")
endfunction()
