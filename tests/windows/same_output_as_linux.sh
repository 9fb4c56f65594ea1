#!/usr/bin/env bash
# The Windows bvhscope.exe, run under Wine, must print exactly what the Linux build prints:
# `info --json`, `check` and `positions` on the bundled sample, the seed samples, the fuzz
# regressions (hostile files), files generated here (CRLF line ends, a cut-off file, no final
# line end, Z up, another rotation order, 120 fps, a name with spaces and non-ASCII characters in
# a non-ASCII folder) and, when SHARED_DIR/corpus is there, its real captures, with the same
# exit status; and
# `convert` must write the same bytes. Both programs run in the same working directory on the
# same relative paths, so the file names they print are the same text.
# SHARED_DIR is CMake's BVHSCOPE_SHARED_DIR, as for every other corpus test (a worktree or a
# clone elsewhere than beside ../shared names it).
#   usage: same_output_as_linux.sh LINUX_BVHSCOPE WINDOWS_BVHSCOPE_EXE WINE_RUN SOURCE_DIR WORK_DIR
#          SHARED_DIR
set -uo pipefail
linux="$1" windows="$2" wine_run="$3" source_dir="$4" work="$5" shared_dir="$6"
# Wine turns the Unix command line into UTF-16 through the locale: UTF-8 arguments need a UTF-8
# locale.
export LC_ALL=C.UTF-8

if [ ! -x "$linux" ]; then
  echo "the Linux build's bvhscope ($linux) is missing: build it first (make build)" >&2
  exit 1
fi

rm -rf "$work"
mkdir -p "$work/inputs"
cd "$work"
cp "$source_dir"/assets/*.bvh "$source_dir"/tests/data/*.bvh inputs/
cp "$source_dir"/tests/data/fuzz_regressions/*.bvh inputs/
sample="$source_dir/assets/sample_walk.bvh"
sed 's/$/\r/' "$sample" >inputs/sample_crlf.bvh
head -c "$(($(wc -c <"$sample") * 2 / 3))" "$sample" >inputs/sample_cut_off.bvh
printf '%s' "$(cat "$sample")" >inputs/sample_no_final_line_end.bvh
"$linux" convert "$sample" inputs/generated_z_up.bvh --up z >/dev/null
"$linux" convert "$sample" inputs/generated_xyz_order.bvh --rotation-order XYZ >/dev/null
"$linux" convert "$sample" inputs/generated_120fps.bvh --fps 120 >/dev/null
if [ -d "$shared_dir/corpus" ]; then
  mkdir -p inputs/corpus
  cp "$shared_dir"/corpus/*.bvh inputs/corpus/
fi
unusual="inputs/Zoë/モーション"
mkdir -p "$unusual"
cp "$sample" "$unusual/take 1.bvh"

failures=0
compare() { # label, then the arguments for both programs
  local label="$1"
  shift
  "$linux" "$@" >linux.out 2>linux.err
  local linux_status=$?
  "$wine_run" "$windows" "$@" >windows.out 2>windows.err
  local windows_status=$?
  local problem=""
  [ "$linux_status" = "$windows_status" ] || problem+=" exit status $linux_status (Linux) vs $windows_status (Windows);"
  cmp -s linux.out windows.out || problem+=" standard output differs;"
  cmp -s linux.err windows.err || problem+=" standard error differs;"
  if [ -n "$problem" ]; then
    failures=$((failures + 1))
    echo "DIFFERENT: $label:$problem"
    diff <(head -c 4000 linux.out) <(head -c 4000 windows.out) | head -20
    diff linux.err windows.err | head -20
  else
    echo "same: $label (exit $linux_status, $(wc -c <linux.out) bytes out, $(wc -c <linux.err) bytes err)"
  fi
}

mapfile -t files < <(find inputs -name '*.bvh' | LC_ALL=C sort)
for file in "${files[@]}"; do
  compare "info --json $file" info --json "$file"
  compare "check $file" check "$file"
  compare "positions $file" positions "$file"
done
compare "info of all files at once" info "${files[@]}"

# convert writes its output file: the same bytes from both.
for name in linux windows; do
  rm -f "converted-$name.bvh"
done
"$linux" convert "$unusual/take 1.bvh" "converted-linux.bvh" --fps 24 --scale 0.01
"$wine_run" "$windows" convert "$unusual/take 1.bvh" "converted-windows.bvh" --fps 24 --scale 0.01
if cmp -s converted-linux.bvh converted-windows.bvh && [ -s converted-linux.bvh ]; then
  echo "same: convert --fps 24 --scale 0.01"
else
  failures=$((failures + 1))
  echo "DIFFERENT: convert output"
fi

echo "$((${#files[@]} * 3 + 2)) comparisons, $failures different"
[ "$failures" -eq 0 ]
