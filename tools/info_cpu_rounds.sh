#!/usr/bin/env bash
# CPU time of commands over a list of takes x10 in one process each (issue 44: `info --json`
# against `check`), `perf stat -e task-clock` (every thread), run in turn ROUNDS times under
# nice -n 5 so that each round meets the same load. Appends one line per round to OUT: the round,
# the 1-minute load, then each command's milliseconds; prints medians and quartiles at the end,
# and each command's per-round ratio to the first's. The README's row uses it as
#   tools/info_cpu_rounds.sh 30 rounds.tsv LIST "check=bvhscope check --quiet" \
#       "main=main/bvhscope info --json" "this=build/app/bvhscope info --json"
set -euo pipefail

rounds=$1
out=$2
list=$3
shift 3
mapfile -t takes <"$list"
ten=()
for _ in $(seq 10); do ten+=("${takes[@]}"); done
names=()
for spec in "$@"; do names+=("${spec%%=*}"); done
for round in $(seq "$rounds"); do
  line="$round $(cut -d' ' -f1 /proc/loadavg)"
  for spec in "$@"; do
    read -r -a command <<<"${spec#*=}"
    milliseconds=$(nice -n 5 perf stat -x, -e task-clock "${command[@]}" "${ten[@]}" 2>&1 >/dev/null |
                     tail -1 | cut -d, -f1)
    line="$line $milliseconds"
  done
  echo "$line" >>"$out"
done
python3 - "$out" "${names[@]}" <<'PYTHON'
import statistics, sys
rows = [list(map(float, line.split())) for line in open(sys.argv[1]) if line.strip()]
names = sys.argv[2:]
def quartiles(values):
    q = statistics.quantiles(sorted(values), n=4) if len(values) > 1 else [values[0]] * 3
    return "%.3f (quartiles %.3f-%.3f)" % (q[1], q[0], q[2])
print("%d rounds, load %.1f-%.1f" % (len(rows), min(r[1] for r in rows), max(r[1] for r in rows)))
for i, name in enumerate(names):
    print("%s: %s ms" % (name, quartiles([r[2 + i] for r in rows])))
for i, name in enumerate(names[1:], 1):
    print("%s / %s: %s" % (name, names[0], quartiles([r[2 + i] / r[2] for r in rows])))
for i in range(2, len(names)):
    print("%s / %s: %s" % (names[i], names[1], quartiles([r[2 + i] / r[3] for r in rows])))
PYTHON
