#!/usr/bin/env bash
# bvhscope-windows-x64.zip, as a user gets it: unpacked into a fresh folder it holds exactly
# bvhscope-windows-x64/{bvhscope.exe,LICENSE.txt,README.txt}, and that bvhscope.exe (stripped)
# runs on its own: --version and `check` of the bundled sample it carries no copy of.
#   usage: zip_contents.sh ZIP WINE_RUN SOURCE_DIR WORK_DIR
set -euo pipefail
zip="$1" wine_run="$2" source_dir="$3" work="$4"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
cmake -E tar xf "$zip"
listing="$(cd bvhscope-windows-x64 && find . -type f | LC_ALL=C sort | tr '\n' ' ')"
expected="./LICENSE.txt ./README.txt ./bvhscope.exe "
[ "$listing" = "$expected" ] || { echo "the zip holds: $listing; expected: $expected" >&2; exit 1; }
cmp -s bvhscope-windows-x64/LICENSE.txt "$source_dir/LICENSE" || { echo "LICENSE.txt differs" >&2; exit 1; }
version="$("$wine_run" bvhscope-windows-x64/bvhscope.exe --version)"
echo "$version"
[[ "$version" == "bvhscope "* ]] || { echo "--version printed: $version" >&2; exit 1; }
cp "$source_dir/assets/sample_walk.bvh" .
"$wine_run" bvhscope-windows-x64/bvhscope.exe check sample_walk.bvh
