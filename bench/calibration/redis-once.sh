#!/usr/bin/env bash
# One run of the calibration study's server subject: start SERVER (a redis-server) on a free loopback
# port, load it with redis-benchmark (REQUESTS GET and SET, 50 clients), shut it down, wait for it.
# pgolab measures the whole tree, so cpu_time is server + client + this script (the server's part is
# about half). usage: redis-once.sh SERVER [REQUESTS]   (default 50000)
set -euo pipefail
server=$1; requests=${2:-50000}
for _ in 1 2 3 4 5; do
  port=$(( 20000 + RANDOM % 30000 ))
  "$server" --port "$port" --bind 127.0.0.1 --save '' --appendonly no --protected-mode no >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 1 200); do
    redis-cli -p "$port" ping >/dev/null 2>&1 && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.01
  done
  if kill -0 "$pid" 2>/dev/null && redis-cli -p "$port" ping >/dev/null 2>&1; then
    redis-benchmark -p "$port" -n "$requests" -t get,set -q >/dev/null
    redis-cli -p "$port" shutdown nosave >/dev/null 2>&1 || true
    wait "$pid" || true
    exit 0
  fi
  kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true   # port taken: try another
done
echo "redis-once.sh: $server did not start on any of 5 ports" >&2
exit 1
