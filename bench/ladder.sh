#!/usr/bin/env bash
# Figures for docs/benchmarks.md: the optimization ladder (release, lto, pgo, pgo+lto, pgo+lto+bolt)
# on Lua 5.4 (upstream source fetched at run time; trained on examples/lua/train, measured on the
# held-out examples/lua/bench) or on the embedded demo program.
# usage: bench/ladder.sh lua|demo [clang|gcc] [EXTRA LADDER OPTIONS...]. JSON and Markdown go to bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-lua}
tc=${2:-clang}
shift $(( $# > 1 ? 2 : $# ))
mkdir -p bench/out
work=/tmp/pgolab-bench-ladder-$what-$tc
mkdir -p "$work"
if [ "$what" = lua ]; then
  cp -r examples/lua/train examples/lua/bench "$work/"
  sed "s/^kind = \"clang\"/kind = \"$tc\"/" examples/lua/pgolab.toml > "$work/pgolab.toml"
  examples/lua/fetch.sh "$work/upstream/lua" >/dev/null
else
  ./pgolab demo --toolchain "$tc" --dir "$work" --write-only >/dev/null
fi
echo "### ladder, $what, $tc ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
./pgolab -C "$work" ladder --json "$PWD/bench/out/ladder-$what-$tc.json" \
  --markdown "$PWD/bench/out/ladder-$what-$tc.md" "$@" 2>/dev/null
