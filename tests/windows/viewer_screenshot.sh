#!/usr/bin/env bash
# The Windows viewer, started under Wine in the test X server with no file, opens the bundled
# sample and takes its screenshot; the picture must match the Linux viewer's screenshot of the
# same sample at the same size (same embedded fonts and shaders, and under Xvfb both draw with
# Mesa's llvmpipe: Wine's opengl32 passes GL through to the X server's GLX). Allowed: a few
# pixels (at most 0.1 %) that differ in anti-aliasing; not a blank, black, clipped or differently laid out window.
#   usage: viewer_screenshot.sh LINUX_BVHSCOPE WINDOWS_BVHSCOPE_EXE WINE_RUN WORK_DIR
set -euo pipefail
linux="$1" windows="$2" wine_run="$3" work="$4"
size=960x600
if [ -z "${DISPLAY:-}" ]; then
  echo "no DISPLAY: run under xvfb-run (make test does)" >&2
  exit 1
fi
rm -rf "$work"
mkdir -p "$work/home"
cd "$work"

# The pointer away from both windows: a tooltip under it would differ.
xdotool mousemove 10000 10000 2>/dev/null || true

# Fresh settings on both sides, so neither opens with a remembered layout or camera.
HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" "$linux" --size "$size" --screenshot linux.png
wine_prefix="${WINEPREFIX:-${HOME:-/tmp}/.cache/bvhscope/wine}"
rm -rf "$wine_prefix"/drive_c/users/*/AppData/Roaming/bvhscope
"$wine_run" "$windows" --size "$size" --screenshot windows.png

for picture in linux.png windows.png; do
  dimensions="$(identify -format '%wx%h' "$picture")"
  [ "$dimensions" = "$size" ] || { echo "$picture is $dimensions, not $size" >&2; exit 1; }
done
# A screenshot with nothing drawn is one flat colour; the viewer's has panels, text and a figure.
deviation="$(convert windows.png -colorspace Gray -format '%[fx:standard_deviation]' info:)"
echo "windows.png grey standard deviation: $deviation"
awk -v d="$deviation" 'BEGIN { exit !(d > 0.05) }' || { echo "windows.png is (nearly) blank" >&2; exit 1; }

pixels=$((${size%x*} * ${size#*x}))
# compare prints the count of pixels differing by more than the fuzz on stderr; exit 1 = different.
different="$(compare -metric AE -fuzz 25% linux.png windows.png difference.png 2>&1 >/dev/null || true)"
different="${different%% *}"
echo "pixels differing by more than 25%: $different of $pixels"
awk -v d="$different" -v n="$pixels" 'BEGIN { exit !(d + 0 == d && d <= n / 1000) }' || {
  echo "the Windows viewer's screenshot differs from the Linux viewer's (see $work/difference.png)" >&2
  exit 1
}
