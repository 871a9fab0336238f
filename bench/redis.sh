#!/usr/bin/env bash
# Figures for docs/benchmarks.md: Redis 7.0.15 (upstream source from Debian), release vs pgo vs
# pgo+lto, trained and measured with redis-benchmark against the server (service workloads).
# usage: bench/redis.sh [EXTRA BENCH OPTIONS...]   JSON and Markdown go to bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/out
examples/redis/fetch.sh >/dev/null
echo "### redis 7 ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
./pgolab -C examples/redis build 2>/dev/null
./pgolab -C examples/redis profile --top 5 2>/dev/null
./pgolab -C examples/redis bench --json "$PWD/bench/out/redis.json" --markdown "$PWD/bench/out/redis.md" "$@" 2>/dev/null
