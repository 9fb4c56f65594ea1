#!/usr/bin/env bash
# Runs COMMAND with DISPLAY set to an X server of its own (Xvfb, as make test's xvfb-run starts
# its shared one: 1600x1000x24 with GLX), and stops the server when COMMAND ends. CTest runs each
# GUI test through it (tests/gui/CMakeLists.txt), so that two GUI tests can run at once: each has
# its own pointer, focus, X resources and root window for screenshots, where on one shared server
# they needed a lock and ran one at a time (the 179 display tests: 962 s -> 357 s of wall on 2
# cores at load 7-10).
#   tools/private_display.sh COMMAND [ARGUMENT...]
# Xvfb picks a free display itself (-displayfd), so servers started at the same moment never
# race for a number as `xvfb-run -a` can. Without Xvfb, COMMAND runs with no DISPLAY at all
# (the GUI tests then skip, saying so) rather than on a display other tests may share.
# The exit status is COMMAND's.
set -uo pipefail

if ! command -v Xvfb >/dev/null 2>&1; then
  echo "private_display.sh: no Xvfb (tools/install-deps.sh installs xvfb); running without a display" >&2
  unset DISPLAY
  exec "$@"
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/bvhscope-display-XXXXXX") || exit 1
server=
cleanup() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null
    wait "$server" 2>/dev/null
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# -noreset: by default Xvfb resets when its last client disconnects, and a client that connects
# during the reset fails with "cannot open display" (a test starts and ends several clients).
mkfifo "$work/display"
Xvfb -displayfd 3 -screen 0 1600x1000x24 +extension GLX -noreset -nolisten tcp \
  3>"$work/display" >"$work/xvfb.log" 2>&1 &
server=$!
# Xvfb writes the display's number once it accepts connections, and closes the pipe: a
# server that fails to start closes it with nothing written.
read -r number <"$work/display"
if [ -z "${number:-}" ]; then
  echo "private_display.sh: Xvfb did not start:" >&2
  cat "$work/xvfb.log" >&2
  exit 1
fi
export DISPLAY=":$number"
"$@"
