#!/usr/bin/env bash
# Figures for docs/benchmarks.md: the embedded demo, release vs pgo, with clang and with gcc.
# usage: bench/demo.sh [ROUNDS]   (default 20). Prints pgolab's own tables; JSON goes to bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-20}
mkdir -p bench/out
for tc in clang gcc; do
  echo "### demo, $tc, $rounds rounds ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
  ./pgolab demo --toolchain "$tc" --dir "/tmp/pgolab-bench-demo-$tc" --rounds "$rounds" \
    --json "bench/out/demo-$tc.json" 2>/dev/null
done
