#!/usr/bin/env bash
# Figures for docs/benchmarks.md: Lua 5.4 (upstream source fetched at run time), release vs pgo,
# trained on examples/lua/train/*.lua, measured on the held-out examples/lua/bench/*.lua.
# usage: bench/lua.sh [clang|gcc] [EXTRA BENCH OPTIONS...]   (default clang). JSON goes to bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
tc=${1:-clang}
shift || true
mkdir -p bench/out
work=/tmp/pgolab-bench-lua-$tc
mkdir -p "$work"
cp -r examples/lua/train examples/lua/bench "$work/"
sed "s/^kind = \"clang\"/kind = \"$tc\"/" examples/lua/pgolab.toml > "$work/pgolab.toml"
examples/lua/fetch.sh "$work/upstream/lua" >/dev/null
echo "### lua 5.4, $tc ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
./pgolab -C "$work" build 2>/dev/null
./pgolab -C "$work" profile --top 5 2>/dev/null
./pgolab -C "$work" bench --json "$PWD/bench/out/lua-$tc.json" --markdown "$PWD/bench/out/lua-$tc.md" "$@" 2>/dev/null
