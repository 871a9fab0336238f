#!/usr/bin/env bash
# Runs COMMAND through a rathole tunnel to an iperf3 server, all on 127.0.0.1 with free ports:
# iperf3 -s (on LOCAL), rathole --server (control port CONTROL, the service offered on PUBLIC) and
# rathole --client (connects to CONTROL, forwards to LOCAL). COMMAND sees PUBLIC_PORT; when it is
# done, both rathole ends get SIGINT (they exit cleanly, which writes their profiles in training)
# and iperf3 -s is stopped. The exit status is COMMAND's, or 1 when an end did not exit cleanly.
#
# usage: with-tunnel.sh BINARY tcp|noise DIR COMMAND...
# A plain [[train]]/[[bench]] command form for pgolab versions without workload roles; see pgolab.toml.
set -euo pipefail
binary=${1:?usage: with-tunnel.sh BINARY tcp|noise DIR COMMAND...}
transport=${2:?} dir=${3:?}
shift 3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$dir"
# Three distinct free ports; the sockets are closed before the ports are printed (a port still
# bound by this python when iperf3 or rathole binds it is "Address already in use").
ports=$(python3 -c '
import socket
ss = [socket.socket() for _ in range(3)]
for s in ss: s.bind(("127.0.0.1", 0))
ports = [s.getsockname()[1] for s in ss]
for s in ss: s.close()
print(*ports)')
read -r control public local <<<"$ports"

pids=()
stop() {
    local rc=0
    for pid in "${pids[@]}"; do kill -INT "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || rc=1; done
    return $rc
}
trap 'stop || true' EXIT
wait_for() {   # wait_for PID LOGFILE REGEX
    for _ in $(seq 200); do
        grep -Eq "$3" "$2" 2>/dev/null && return 0
        kill -0 "$1" 2>/dev/null || { cat "$2" >&2; exit 1; }
        sleep 0.05
    done
    echo "with-tunnel.sh: timed out waiting for /$3/ in $2" >&2; cat "$2" >&2; exit 1
}
iperf3 -s -B 127.0.0.1 -p "$local" >"$dir/iperf3-s.log" 2>&1 &
iperf=$!
"$here/end.sh" server "$binary" "$transport" "$control" "$public" "$dir" >"$dir/server.log" 2>&1 &
pids+=($!)
wait_for $! "$dir/server.log" "Listening at"
"$here/end.sh" client "$binary" "$transport" "$control" "$local" "$dir" >"$dir/client.log" 2>&1 &
pids+=($!)
wait_for $! "$dir/client.log" "Control channel established"
wait_for "${pids[0]}" "$dir/server.log" "Listening at 127.0.0.1:$public"
set +e
PUBLIC_PORT=$public "$@"
rc=$?
set -e
trap - EXIT
stop || { echo "with-tunnel.sh: a rathole end did not exit cleanly on SIGINT" >&2; rc=${rc/#0/1}; }
kill "$iperf" 2>/dev/null; wait "$iperf" 2>/dev/null || true
exit $rc
