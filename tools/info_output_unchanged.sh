#!/usr/bin/env bash
# Proves that `bvhscope info` prints the same bytes as a reference build (issue 44: a change to
# info's cost must not change what it prints): each take and corpus file alone (JSON and text),
# the list of takes in one run (once and x10, JSON and text), a mixed list with malformed,
# header-only and missing files and a folder, the corpus with --translation additive. Compares
# stdout, stderr and the exit status of each run apart, then stdout and stderr interleaved.
# Prints each difference and a tally; exits 1 when anything differs.
#   tools/info_output_unchanged.sh REFERENCE_BVHSCOPE CANDIDATE_BVHSCOPE TAKES_LIST [CORPUS_DIR]
# TAKES_LIST: one path a line (the README's 175 takes: tools/write_generated_library.cpp).
set -uo pipefail

reference=$1
candidate=$2
mapfile -t takes <"$3"
corpus_dir=${4:-/work/shared/corpus}
corpus=("$corpus_dir"/*.bvh)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cases=0
differences=0

compare() { # NAME, then info's arguments
  local name=$1
  shift
  local side binary
  for side in reference candidate; do
    binary=$reference
    [ "$side" = candidate ] && binary=$candidate
    "$binary" info "$@" >"$work/$side.out" 2>"$work/$side.err"
    echo $? >"$work/$side.status"
    "$binary" info "$@" >"$work/$side.interleaved" 2>&1
  done
  cases=$((cases + 1))
  local part
  for part in out err status interleaved; do
    if ! cmp -s "$work/reference.$part" "$work/candidate.$part"; then
      echo "differs: $name ($part)"
      differences=$((differences + 1))
    fi
  done
}

for file in "${takes[@]}" "${corpus[@]}"; do
  compare "alone, JSON: $file" --json "$file"
  compare "alone, text: $file" "$file"
done
ten=()
for _ in $(seq 10); do ten+=("${takes[@]}"); done
compare "the list, JSON" --json "${takes[@]}"
compare "the list, text" "${takes[@]}"
compare "the list x10, JSON" --json "${ten[@]}"
compare "the list x10, text" "${ten[@]}"
mixed=("$corpus_dir/MALFORMED_bvhio_a_dataonly.bvh" "${takes[@]:0:5}" "$corpus_dir/missing.bvh"
       "$corpus_dir/raz_anim_hierarchy_only.bvh" "${corpus[@]}" "$corpus_dir"
       "$corpus_dir/MALFORMED_bvhio_bar_noframes.bvh")
compare "mixed list, JSON" --json "${mixed[@]}"
compare "mixed list, text" "${mixed[@]}"
compare "the corpus, JSON" --json "${corpus[@]}"
compare "the corpus, --translation additive" --json --translation additive "${corpus[@]}"
echo "$cases runs compared, $differences differences"
[ "$differences" -eq 0 ]
