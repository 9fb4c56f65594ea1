#!/usr/bin/env bash
# Runs the GUI tests (gui_tests, viewer_gl_tests) RUNS times in a row as make test runs them:
# through CTest, JOBS at a time (one per core by default), each gui_tests test in an X server of
# its own (tools/private_display.sh) and viewer_gl_tests in one shared private server, beside
# BUSY processes that keep a core busy each: the machine the GUI tests must pass on (issue 37:
# 5 runs in 5 on 2 cores with two busy processes). Prints one line per run and a tally; exits 1
# when any run failed. A failed wait leaves its state and a screenshot in
# BUILD_DIR/tests/gui/failures; each failed run's CTest output is kept (its path is printed).
#   tools/gui_tests_under_load.sh [BUILD_DIR] [RUNS] [BUSY] [JOBS]   (defaults: build 5 2 nproc)
set -uo pipefail

build=${1:-build}
runs=${2:-5}
busy=${3:-2}
jobs=${4:-$(nproc 2>/dev/null || echo 2)}
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
  log="$logs/run-$run.log"
  # The tests of the two executables: CTest names them by test case, so select by label.
  if (cd "$build" && xvfb-run -a -s "-screen 0 1600x1000x24 +extension GLX -noreset" \
        ctest -L gui_display --output-on-failure -j"$jobs") >"$log" 2>&1; then
    result="passed ($(grep -Eo '[0-9]+ tests failed out of [0-9]+' "$log" | grep -Eo '[0-9]+$') tests)"
  else
    failed=$((failed + 1))
    result="FAILED: $(grep -E '^\s+[0-9]+ - .*\(Failed|Timeout|Exception\)' "$log" | head -n 3 |
                       tr -s ' \n' ' ') (log $log)"
  fi
  echo "run $run: $result, $(($(date +%s) - start)) s, load $(cut -d' ' -f1-3 /proc/loadavg)"
done
echo "$((runs - failed)) of $runs runs passed beside $busy busy processes, $jobs tests at a time"
[ "$failed" -eq 0 ]
