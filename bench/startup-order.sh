#!/usr/bin/env bash
# Figures for docs/benchmarks.md: what the function-order step (pgo+order) does to start-up, on Lua 5.4
# (upstream source fetched at run time; trained on examples/lua/train). Two workloads of one short run
# each: 'warm' (the binary's pages in the page cache: minor faults only) and 'cold' (the binary's pages
# dropped from the page cache first with dd iflag=nocache, so its code is read again: major faults).
# usage: bench/startup-order.sh [EXTRA BENCH OPTIONS...]. JSON and Markdown go to bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/out
work=/tmp/pgolab-bench-startup-order
mkdir -p "$work"
cp -r examples/lua/train "$work/"
# The Lua example's config with its [[bench]] workloads replaced by the two start-up ones.
sed '/^\[\[bench\]\]/,$d' examples/lua/pgolab.toml > "$work/pgolab.toml"
cat >> "$work/pgolab.toml" <<'TOML'
[[bench]]
name = "warm"
command = "{binary} -e 'local t = {} for i = 1, 10 do t[i] = tostring(i) end'"
timeout = "20s"

[[bench]]
name = "cold"
command = "dd if={binary} iflag=nocache count=0 status=none && {binary} -e 'local t = {} for i = 1, 10 do t[i] = tostring(i) end'"
timeout = "20s"
TOML
examples/lua/fetch.sh "$work/upstream/lua" >/dev/null
echo "### start-up, lua, release vs pgo vs pgo+order ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
./pgolab -C "$work" build release pgo pgo+order 2>&1 | grep -E "order:|mfs:|error" || true
./pgolab -C "$work" bench release pgo pgo+order --primary wall_time,minor_faults,major_faults \
  --json "$PWD/bench/out/startup-order.json" --markdown "$PWD/bench/out/startup-order.md" "$@" 2>/dev/null
