#!/usr/bin/env bash
# Figures for docs/benchmarks.md: pgolab gate on a sample repository of three commits (the program of
# src/test/resources/gate-sample/, shared with GateIT): base; about 5% more work in the hot loop (a second loop of
# n/16 iterations); a comment changed. Gates the second against the first (should exit 1, out of bounds) and
# the third against the second (should exit 0, within bounds), measured by CPU time with pgolab's defaults,
# then merges the last gate's results under two host labels.
# usage: bench/gate.sh [EXTRA GATE OPTIONS...]. Prints the gates' tables; JSON and Markdown go to bench/out/gate/.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$PWD/bench/out/gate"
repo=/tmp/pgolab-bench-gate
rm -rf "$repo" "$out"
mkdir -p "$repo" "$out"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.org GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.org
sample=src/test/resources/gate-sample
cp "$sample/work.c" "$repo/work.c"
sed -e 's/@TRAIN_N@/2000000/' -e 's/@BENCH_N@/60000000/' -e 's/@GATE@/variants = ["release", "pgo"]\nbound = 2/' \
  "$sample/pgolab.toml.in" > "$repo/pgolab.toml"
printf '.pgolab/\n' > "$repo/.gitignore"
git -C "$repo" init -q -b main && git -C "$repo" add -A && git -C "$repo" commit -qm base
python3 - "$repo/work.c" <<'P'
import sys
p = sys.argv[1]
s = open(p).read()
loop = "        s = s * 31 + (i ^ (s >> 7));\n    }\n"
s = s.replace(loop, loop + "    for (unsigned long i = 0; i < n / 16; i++) {   /* about 5% more work */\n" + loop, 1)
open(p, "w").write(s)
P
git -C "$repo" commit -qam "5% more work"
echo "### gate: 5% more work ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
set +e
./pgolab -C "$repo" gate --base HEAD~1 --json "$out/red.json" --markdown "$out/red.md" --verdict "$out/red-verdict.json" "$@" 2>/dev/null
echo "exit status: $?"
sed -i 's#/\* the hot loop \*/#/* the hot loop: most of the run */#' "$repo/work.c"
git -C "$repo" commit -qam "comment only"
echo "### gate: comment only ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
./pgolab -C "$repo" gate --base HEAD~1 --host-label host-a --json "$out/green.json" --markdown "$out/green.md" "$@" 2>/dev/null
echo "exit status: $?"
python3 - "$out/green.json" "$out/green-b.json" <<'P'
import json, sys
d = json.load(open(sys.argv[1])); d["gate"]["host"] = "host-b"; json.dump(d, open(sys.argv[2], "w"))
P
echo "### merge of the comment-only gate under two host labels (the second a relabelled copy)"
./pgolab merge "$out/green.json" "$out/green-b.json" --markdown "$out/merged.md" | tail -1
echo "exit status: $?"
