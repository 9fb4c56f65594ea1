#!/usr/bin/env bash
# bvhscope.exe is linked statically against the C++ runtime, libgcc and winpthreads: the only
# DLLs it may import are those every 64-bit Windows 10/11 has. A new dependency (a MinGW runtime
# DLL, a third-party library) fails this check, because the zip would not run.
#   usage: imported_dlls.sh OBJDUMP EXE
set -euo pipefail
objdump="$1" exe="$2"
allowed='^(kernel32|user32|gdi32|opengl32|shell32|ole32|oleaut32|advapi32|comdlg32|imm32|msvcrt|ws2_32|winmm|dwmapi|shcore|uuid|version|api-ms-win-.*)\.dll$'
mapfile -t dlls < <("$objdump" -p "$exe" | sed -n 's/^[[:space:]]*DLL Name: //p' | tr 'A-Z' 'a-z' | sort -u)
echo "imports: ${dlls[*]}"
[ "${#dlls[@]}" -gt 0 ] || { echo "no import table found in $exe" >&2; exit 1; }
status=0
for dll in "${dlls[@]}"; do
  if ! [[ "$dll" =~ $allowed ]]; then
    echo "not a Windows system DLL: $dll" >&2
    status=1
  fi
done
exit $status
