#!/usr/bin/env bash
# Figures for docs/benchmarks.md: Redis 7.0.15 (upstream source from Debian's source
# archive) under pipelined load (redis-benchmark -P 16, the example's get-set-pipelined workload):
# the ladder release -> pgo -> pgo+lto -> pgo+lto+bolt, gated on the server's CPU per operation.
# usage: bench/redis-pipelined.sh [BUDGET] [EXTRA LADDER OPTIONS...]   (default budget 660s)
# JSON and Markdown go to bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
budget=${1:-660s}
shift $(( $# > 0 ? 1 : 0 ))
mkdir -p bench/out
examples/redis/fetch.sh >/dev/null
echo "### redis pipelined ladder ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
./pgolab -C examples/redis ladder release pgo pgo+lto pgo+lto+bolt --workload get-set-pipelined \
  --primary cpu_time_per_op,user_time --budget "$budget" \
  --json "$PWD/bench/out/redis-pipe-ladder.json" --markdown "$PWD/bench/out/redis-pipe-ladder.md" "$@"
echo "end $(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg)"
