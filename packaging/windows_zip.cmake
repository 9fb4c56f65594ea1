# `make windows`: bvhscope-windows-x64.zip in the build directory, holding bvhscope.exe (stripped;
# the C/C++ runtimes and winpthreads are linked in statically, so it needs only DLLs every
# Windows has: tests/windows checks its import table), LICENSE and README.txt. Unzip anywhere and
# run; nothing is installed or registered.
set(BVHSCOPE_WINDOWS_ZIP_NAME "bvhscope-windows-x64")
set(zip_staging "${CMAKE_BINARY_DIR}/${BVHSCOPE_WINDOWS_ZIP_NAME}")
set(BVHSCOPE_WINDOWS_ZIP "${CMAKE_BINARY_DIR}/${BVHSCOPE_WINDOWS_ZIP_NAME}.zip")
add_custom_command(
  OUTPUT "${BVHSCOPE_WINDOWS_ZIP}"
  COMMAND "${CMAKE_COMMAND}" -E rm -rf "${zip_staging}" "${BVHSCOPE_WINDOWS_ZIP}"
  COMMAND "${CMAKE_COMMAND}" -E make_directory "${zip_staging}"
  COMMAND "${CMAKE_STRIP}" -o "${zip_staging}/bvhscope.exe" "$<TARGET_FILE:bvhscope>"
  COMMAND "${CMAKE_COMMAND}" -E copy "${PROJECT_SOURCE_DIR}/LICENSE"
          "${zip_staging}/LICENSE.txt"
  COMMAND "${CMAKE_COMMAND}" -E copy "${PROJECT_SOURCE_DIR}/packaging/windows/README.txt"
          "${zip_staging}/README.txt"
  COMMAND "${CMAKE_COMMAND}" -E chdir "${CMAKE_BINARY_DIR}" "${CMAKE_COMMAND}" -E tar cf
          "${BVHSCOPE_WINDOWS_ZIP_NAME}.zip" --format=zip "${BVHSCOPE_WINDOWS_ZIP_NAME}"
  DEPENDS bvhscope "${PROJECT_SOURCE_DIR}/LICENSE" "${PROJECT_SOURCE_DIR}/packaging/windows/README.txt"
  COMMENT "Packing ${BVHSCOPE_WINDOWS_ZIP_NAME}.zip"
  VERBATIM)
add_custom_target(windows_zip ALL DEPENDS "${BVHSCOPE_WINDOWS_ZIP}")
