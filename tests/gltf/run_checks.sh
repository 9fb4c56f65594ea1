#!/bin/sh
# Runs check_exports.mjs on the generated captures and, when present, a few corpus captures
# (a Z-up millimetre one among them). Exit 77 (CTest's skip) without node or node_modules.
# usage: run_checks.sh BVHSCOPE OUTDIR CORPUS_DIR
here=$(cd "$(dirname "$0")" && pwd)
node=${BVHSCOPE_NODE:-node}
if ! command -v "$node" >/dev/null 2>&1 || [ "$node" = "BVHSCOPE_NODE-NOTFOUND" ]; then
  echo "skipped: node not found (tools/install-deps.sh installs nodejs)"
  exit 77
fi
if [ ! -d "$here/node_modules/gltf-validator" ] || [ ! -d "$here/node_modules/three" ]; then
  echo "skipped: $here/node_modules is missing (tools/install-deps.sh runs npm ci there)"
  exit 77
fi
set -- "$1" "$2" "$here"/captures/*.bvh $(for name in cmu_01_01_assimp video2bvh_cxk_zup pybvh_test1_zup_mixed; do
  [ -f "$3/$name.bvh" ] && echo "$3/$name.bvh"; done)
exec "$node" "$here/check_exports.mjs" "$@"
