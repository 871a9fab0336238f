#!/usr/bin/env bash
# Figures for docs/benchmarks.md: gofumpt (mvdan.cc/gofumpt, fetched from the Go module proxy at run
# time), release vs pgo, trained on cmd/{compile,link,go} and ten std packages of the Go tree, measured on the
# held-out cmd/vendor and crypto+encoding+math.
# usage: bench/gofumpt.sh [EXTRA BENCH OPTIONS...]   (default budget 60s per workload). JSON goes to bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/out
work=/tmp/pgolab-bench-gofumpt
mkdir -p "$work"
cp examples/gofumpt/pgolab.toml "$work/"
examples/gofumpt/fetch.sh "$work/upstream/gofumpt" >/dev/null
echo "### gofumpt, $(go version 2>/dev/null || /usr/local/go/bin/go version) ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
./pgolab -C "$work" build 2>/dev/null
./pgolab -C "$work" profile --top 5 2>/dev/null
./pgolab -C "$work" bench --budget 60s --json "$PWD/bench/out/gofumpt.json" --markdown "$PWD/bench/out/gofumpt.md" "$@" 2>/dev/null
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
