#!/usr/bin/env bash
# Drag and drop into the Windows viewer under Wine: a file manager's XDND drop of
# ".../Zoë/モーション/take 1.bvh" on the window reaches the program as a Windows path
# (Z:\...\Zoë\モーション\take 1.bvh, through Wine's WM_DROPFILES and GLFW's UTF-8 drop
# callback) and must open as a second file next to the bundled sample.
#   usage: drop_from_windows_path.sh WINDOWS_BVHSCOPE_EXE WINE_RUN XDND_DROP SOURCE_DIR WORK_DIR
set -euo pipefail
windows="$1" wine_run="$2" xdnd_drop="$3" source_dir="$4" work="$5"
export LC_ALL=C.UTF-8
if [ -z "${DISPLAY:-}" ]; then
  echo "no DISPLAY: run under xvfb-run (make test does)" >&2
  exit 1
fi
rm -rf "$work"
folder="$work/Zoë/モーション"
mkdir -p "$folder"
cp "$source_dir/assets/sample_walk.bvh" "$folder/take 1.bvh"
cd "$work"

"$wine_run" "$windows" --size 800x600 --state-out state.txt >viewer.log 2>&1 &
viewer=$!
trap 'kill $viewer 2>/dev/null || true; wait $viewer 2>/dev/null || true' EXIT

wait_for() { # seconds, then a command that succeeds when the wait is over
  local deadline=$((SECONDS + $1))
  shift
  until "$@"; do
    if [ $SECONDS -ge $deadline ] || ! kill -0 $viewer 2>/dev/null; then
      return 1
    fi
    sleep 0.2
  done
}
has_state() { [ -f state.txt ] && grep -qE "$1" state.txt; }

wait_for 90 has_state '^files 1$' || { echo "the viewer did not open the bundled sample" >&2; cat viewer.log >&2; exit 1; }
wait_for 90 has_state '^loading 0$' || { echo "the bundled sample did not finish loading" >&2; exit 1; }
window="$(xdotool search --onlyvisible --name 'bvhscope' | head -1)"
[ -n "$window" ] || { echo "no visible bvhscope window" >&2; exit 1; }
eval "$(xdotool getwindowgeometry --shell "$window")"
"$xdnd_drop" "$window" $((X + WIDTH / 2)) $((Y + HEIGHT / 2)) "$folder/take 1.bvh"

if ! wait_for 90 has_state '^files 2$'; then
  echo "the dropped file did not open; the viewer's state:" >&2
  grep -E '^(files|file|error)' state.txt >&2 || true
  exit 1
fi
wait_for 90 has_state '^loading 0$' || true
grep -E '^(files|file |error)' state.txt
if grep -q '^error ' state.txt; then
  echo "the viewer reported errors" >&2
  exit 1
fi
grep -q '^file 1 visible 1 name take 1.bvh' state.txt || { echo "file 1 is not take 1.bvh" >&2; exit 1; }
