#!/usr/bin/env bash
# Figures for docs/benchmarks.md: ripgrep 14.1.1 (source from the crate registry fetched at run time), release vs
# pgo vs pgo+lto built with cargo, trained on one generated corpus and patterns, measured on a
# held-out corpus with other patterns (examples/ripgrep/pgolab.toml).
# usage: bench/ripgrep.sh [EXTRA BENCH OPTIONS...]   JSON and Markdown go to bench/out/.
# Default budget: 40 s per workload (3 workloads: at most 2 minutes of measuring).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/out
work=/tmp/pgolab-bench-ripgrep
mkdir -p "$work"
cp examples/ripgrep/pgolab.toml "$work/"
examples/ripgrep/fetch.sh "$work/upstream/ripgrep" >/dev/null
[[ -d $work/upstream/corpus/train ]] || python3 examples/ripgrep/corpus.py "$work/upstream/corpus/train" 32 1
[[ -d $work/upstream/corpus/bench ]] || python3 examples/ripgrep/corpus.py "$work/upstream/corpus/bench" 48 2
echo "### ripgrep 14.1.1, cargo ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
./pgolab -C "$work" build 2>/dev/null
./pgolab -C "$work" profile --top 5 2>/dev/null
./pgolab -C "$work" bench --budget 40s --json "$PWD/bench/out/ripgrep.json" --markdown "$PWD/bench/out/ripgrep.md" "$@" 2>/dev/null
echo "(load after: $(cut -d' ' -f1-3 /proc/loadavg))"
