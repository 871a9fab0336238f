#!/usr/bin/env bash
# Figures for docs/benchmarks.md: the embedded demo, release vs pgo, with clang and with gcc,
# measured by pgolab's engine with its defaults (60 s budget, target CI ±0.5%).
# usage: bench/demo.sh [EXTRA PGOLAB OPTIONS...]. Prints pgolab's tables; JSON goes to bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/out
for tc in clang gcc; do
  echo "### demo, $tc ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
  ./pgolab demo --toolchain "$tc" --dir "/tmp/pgolab-bench-demo-$tc" --json "bench/out/demo-$tc.json" "$@" 2>/dev/null
done
