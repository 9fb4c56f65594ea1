#!/usr/bin/env bash
# Runs the GUI executables (gui_tests, viewer_gl_tests) RUNS times in a row, each run in a private
# X server beside BUSY processes that keep a core busy each: the machine the GUI tests must pass
# on (issue 37: 5 runs in 5 on 2 cores with two busy processes). Prints one line per run and a
# tally; exits 1 when any run failed. A failed wait leaves its state and a screenshot in
# BUILD_DIR/tests/gui/failures.
#   tools/gui_tests_under_load.sh [BUILD_DIR] [RUNS] [BUSY]     (defaults: build 5 2)
set -uo pipefail

build=${1:-build}
runs=${2:-5}
busy=${3:-2}
for executable in gui_tests viewer_gl_tests; do
  if [ ! -x "$build/tests/gui/$executable" ]; then
    echo "no $build/tests/gui/$executable: build first (make build)" >&2
    exit 2
  fi
done

burners=()
stop_burners() { [ ${#burners[@]} -eq 0 ] || kill "${burners[@]}" 2>/dev/null; }
trap stop_burners EXIT
for ((i = 0; i < busy; i++)); do
  (while :; do :; done) &
  burners+=($!)
done

logs=$(mktemp -d)
failed=0
for ((run = 1; run <= runs; run++)); do
  start=$(date +%s)
  result="run $run:"
  for executable in gui_tests viewer_gl_tests; do
    log="$logs/$executable-$run.log"
    if xvfb-run -a -s "-screen 0 1600x1000x24 +extension GLX -noreset" \
        "$build/tests/gui/$executable" >"$log" 2>&1; then
      result+=" $executable passed ($(grep -c '^\[       OK \]' "$log") tests)"
    else
      failed=$((failed + 1))
      result+=" $executable FAILED: $(grep '^\[  FAILED  \]' "$log" | head -n 3 | tr '\n' ' ') (log $log)"
    fi
  done
  echo "$result, $(($(date +%s) - start)) s"
done
echo "$((runs * 2 - failed)) of $((runs * 2)) executable runs passed beside $busy busy processes"
[ "$failed" -eq 0 ]
