#!/usr/bin/env bash
# Step-1 plumbing (until pgolab can start helper processes itself): the PostgreSQL behind the
# PgBouncer under test, kept in a state dir named after PgBouncer's port, so that the server
# command, setup and teardown of one workload life find the same cluster.
#
# usage: cluster.sh pick POOL_PORT    picks a free port for PostgreSQL, prints it (server command)
#        cluster.sh start POOL_PORT   starts postgres.sh on that port in a session of its own,
#                                     waits until it accepts connections, prints the port (setup)
#        cluster.sh stop POOL_PORT    SIGINT (fast shutdown) to that session, waits, removes the
#                                     state dir (teardown)
#
# The cluster runs on every CPU but the last one (the one pgolab pins the measured server to).
set -euo pipefail

cmd=${1:?usage: cluster.sh pick|start|stop POOL_PORT}
pool_port=${2:?usage: cluster.sh pick|start|stop POOL_PORT}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
state=${TMPDIR:-/tmp}/pgolab-pgbouncer-cluster-$pool_port

port_in_use() { (: </dev/tcp/127.0.0.1/"$1") 2>/dev/null; }

case $cmd in
pick)
    mkdir -p "$state"
    for _ in $(seq 100); do
        port=$((20000 + RANDOM % 30000))
        [[ $port -ne $pool_port ]] && ! port_in_use "$port" && { echo "$port" >"$state/port"; echo "$port"; exit 0; }
    done
    echo "cluster.sh: found no free port" >&2; exit 1 ;;
start)
    port=$(cat "$state/port")
    last=$(($(nproc) - 1))
    cpus=0; ((last > 0)) && cpus=0-$((last - 1))
    setsid taskset -c "$cpus" "$here/postgres.sh" "$port" >"$state/postgres.log" 2>&1 </dev/null &
    echo $! >"$state/pid"
    for _ in $(seq 600); do
        pg_isready -q -h 127.0.0.1 -p "$port" -U postgres && { echo "$port"; exit 0; }
        kill -0 "$(cat "$state/pid")" 2>/dev/null || break
        sleep 0.1
    done
    echo "cluster.sh: PostgreSQL did not start on port $port:" >&2
    cat "$state/postgres.log" >&2
    exit 1 ;;
stop)
    [[ -f $state/pid ]] || { rm -rf "$state"; exit 0; }
    pid=$(cat "$state/pid")
    kill -INT -- "-$pid" 2>/dev/null || true
    for _ in $(seq 300); do
        kill -0 "$pid" 2>/dev/null || { rm -rf "$state"; exit 0; }
        sleep 0.1
    done
    echo "cluster.sh: PostgreSQL (session $pid) did not stop in 30 s; killing it" >&2
    kill -KILL -- "-$pid" 2>/dev/null || true
    cat "$state/postgres.log" >&2
    rm -rf "$state"
    exit 1 ;;
*)
    echo "usage: cluster.sh pick|start|stop POOL_PORT" >&2; exit 2 ;;
esac
