#!/usr/bin/env bash
# One wineserver for the whole Windows suite (CTest fixture wine_server, tests/windows):
#   start  keeps a Windows program running under Wine (the keeper) from before the first Windows
#          check until after the last, so that the prefix's wineserver never shuts down between
#          two checks' Wine processes;
#   stop   ends the keeper and waits until the wineserver has ended by itself, so that none is
#          left running after the suite (make test on a CI machine, or make test run twice; a run
#          interrupted before this ends the keeper too, when CTest is gone). It
#          fails if the keeper had already ended: something ended the server's processes during
#          the suite (`wineserver -k`, a signal to the server), which ends every check's Wine
#          process the same way.
#   usage: wine_server_fixture.sh start|stop STATE_DIR WINE_RUN
#
# Why: Debian's wineserver runs with -p0 (/usr/lib/wine/wineserver: `exec wineserver64 -p0`):
# when its last Windows program has ended it tells its system processes (services.exe,
# winedevice.exe, ...) to end, terminates those still running 2 s later and exits (about 2 s in
# all here), and the next `wine` starts a new server, with a fresh wineboot, explorer.exe and
# services. A Wine process that its server terminates exits with status 1 and prints nothing,
# whatever WINEDEBUG says (forced with `wineserver -k` during a `positions` run): the signature of
# Windows.SameOutputAsLinux's failures, whose trigger was not reproduced. With the keeper the
# server has a Windows program all suite long, never starts that shutdown while the checks run,
# and the keeper's own end tells whether anything ended the server's processes meanwhile. The
# keeper is not a persistent server (`wineserver -p`): ending one takes `wineserver -k`, which
# would also terminate the Wine processes of any other suite sharing the prefix at that moment
# (worktrees share $HOME's prefix).
set -euo pipefail
action="$1" state="$2" wine_run="$3"
mkdir -p "$state"

# The keeper's Wine process: the child of the keeper's shell, once Wine has named it after the
# Windows program (start.exe runs find.exe), by when it is attached to the wineserver.
keeper_pid() {
    local shell pid
    shell="$(cat "$state/keeper.shell.pid" 2>/dev/null)" || return 1
    for pid in $(ps -o pid= --ppid "$shell" 2>/dev/null); do
        if [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = start.exe ]; then
            echo "$pid"
            return 0
        fi
    done
    return 1
}

# Ends the keeper; prints its exit status when it had ended before this (kept until the next
# start, so that CTest's second run of a failed stop, make test's --repeat until-pass:2, fails
# too).
stop_keeper() {
    local pid shell
    if [ -f "$state/keeper.status" ] && ! keeper_pid >/dev/null; then
        cat "$state/keeper.status"
    elif shell="$(cat "$state/keeper.shell.pid" 2>/dev/null)" && pid="$(keeper_pid)"; then
        kill "$pid"
        for _ in $(seq 100); do
            kill -0 "$shell" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$pid" 2>/dev/null || true
        rm -f "$state/keeper.status"
    fi
    rm -f "$state/keeper.shell.pid" "$state/keeper.in"
}

case "$action" in
start)
    stop_keeper >/dev/null # one left by an interrupted suite
    rm -f "$state/keeper.status"
    mkfifo "$state/keeper.in"
    # find.exe reads its standard input to the end; a FIFO opened for reading and writing has no
    # end. setsid and the redirections keep it (and the wineserver and system processes it starts,
    # which inherit its standard error) out of this test's session and CTest's output pipes. Its
    # shell also ends it once CTest ($PPID) is gone, so that a run interrupted before `stop`
    # (Ctrl+C, a timeout) leaves no keeper and so no wineserver behind.
    # shellcheck disable=SC2016 # $1, $2 and $3 are the inner shell's arguments
    setsid bash -c '"$1" find.exe "keeps the wineserver up" <>"$2/keeper.in" &
                    keeper=$!
                    while kill -0 "$3" && kill -0 $keeper; do sleep 1; done 2>/dev/null
                    kill $keeper 2>/dev/null
                    wait $keeper
                    echo $? >"$2/keeper.status"' keeper "$wine_run" "$state" "$PPID" \
        >"$state/keeper.log" 2>&1 &
    echo $! >"$state/keeper.shell.pid"
    for _ in $(seq 600); do
        if pid="$(keeper_pid)"; then
            echo "keeper $pid holds the wineserver up"
            exit 0
        fi
        [ ! -f "$state/keeper.status" ] || break
        sleep 0.1
    done
    echo "the keeper did not start under Wine; its log:" >&2
    cat "$state/keeper.log" >&2
    exit 1
    ;;
stop)
    ended="$(stop_keeper)"
    # With no client left the server ends by itself within seconds; a server still serving
    # another suite's checks after a minute is that suite's to end.
    if timeout 60 "$wine_run" --wineserver --wait; then
        echo "the wineserver has ended"
    else
        echo "the wineserver is still serving other Wine processes: left to them"
    fi
    if [ -n "$ended" ]; then
        echo "the keeper had ended during the suite (status $ended): its wineserver ended its" \
            "processes, and any check's Wine process running then ended the same way" >&2
        exit 1
    fi
    ;;
*)
    echo "usage: $0 start|stop STATE_DIR WINE_RUN" >&2
    exit 2
    ;;
esac
