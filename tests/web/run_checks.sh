#!/bin/sh
# Runs page_checks.mjs on the web build in WEB_DIR (make web's build-web/web) with the captures
# here and the bundled sample. Exit 77 (CTest's skip) with a message when something it needs is
# missing: the web build, node, the npm packages, chromium.
# usage: run_checks.sh WEB_DIR BVHSCOPE OUT_DIR SAMPLE_BVH
here=$(cd "$(dirname "$0")" && pwd)
node=${BVHSCOPE_NODE:-node}
chromium=${BVHSCOPE_CHROMIUM:-/usr/bin/chromium}
if [ -z "$1" ] || [ ! -f "$1/index.html" ]; then
  echo "skipped: no web build at '$1' (make web builds build-web/web; the CMake cache variable BVHSCOPE_WEB_DIR names it)"
  exit 77
fi
if [ ! -f "$1/bvhscope.wasm" ] || [ ! -f "$1/bvhscope.js" ]; then
  echo "skipped: $1 has index.html but no bvhscope.js and bvhscope.wasm (make web)"
  exit 77
fi
if ! command -v "$node" >/dev/null 2>&1 || [ "$node" = "BVHSCOPE_NODE-NOTFOUND" ]; then
  echo "skipped: node not found (tools/install-deps.sh installs nodejs)"
  exit 77
fi
if [ ! -d "$here/node_modules/puppeteer-core" ]; then
  echo "skipped: $here/node_modules is missing (npm ci --ignore-scripts there installs puppeteer-core)"
  exit 77
fi
if [ ! -x "$chromium" ]; then
  echo "skipped: $chromium not found (Debian's chromium package)"
  exit 77
fi
export BVHSCOPE_CHROMIUM="$chromium"
exec "$node" "$here/page_checks.mjs" "$1" "$2" "$3" "$here"/captures/*.bvh "$4"
