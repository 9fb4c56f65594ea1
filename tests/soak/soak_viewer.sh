#!/usr/bin/env bash
# Soak test for the viewer (not part of `make test`): plays a file in a loop for a given time
# and samples the viewer's resident memory (VmRSS from /proc/PID/status) every interval, then
# prints the series and the growth from the first sample to the last.
#
#   tests/soak/soak_viewer.sh BVHSCOPE FILE SECONDS [INTERVAL_SECONDS]
#
# Runs under Xvfb when DISPLAY is not set (needs xvfb-run). The viewer gets a private config
# directory, so the user's settings are neither used nor changed; it plays on open and loops
# (the default settings). Exit status: 0, or 1 when the viewer died before the time was up.
set -euo pipefail

if [[ $# -lt 3 ]]; then
    echo "usage: $0 BVHSCOPE FILE SECONDS [INTERVAL_SECONDS]" >&2
    exit 2
fi
viewer=$1
file=$2
seconds=$3
interval=${4:-10}

if [[ -z "${DISPLAY:-}" ]]; then
    exec xvfb-run -a -s "-screen 0 1600x1000x24 +extension GLX" "$0" "$@"
fi

config=$(mktemp -d /tmp/bvhscope-soak-XXXXXX)
trap 'rm -rf "$config"' EXIT
XDG_CONFIG_HOME="$config" "$viewer" "$file" --size 1280x720 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$config"' EXIT

rss_kib() {
    awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status" 2>/dev/null
}

echo "# soak: $file for ${seconds}s, RSS every ${interval}s (pid $pid)"
echo "# seconds rss_kib"
first=""
last=""
elapsed=0
status=0
while true; do
    sleep "$interval"
    elapsed=$((elapsed + interval))
    if ! kill -0 "$pid" 2>/dev/null; then
        echo "# the viewer exited after about ${elapsed}s" >&2
        status=1
        break
    fi
    rss=$(rss_kib)
    echo "$elapsed $rss"
    first=${first:-$rss}
    last=$rss
    if ((elapsed >= seconds)); then
        break
    fi
done
if [[ -n "$first" ]]; then
    echo "# first ${first} KiB, last ${last} KiB, growth $((last - first)) KiB"
fi
exit "$status"
