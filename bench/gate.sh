#!/usr/bin/env bash
# Figures for docs/benchmarks.md: pgolab gate on a sample repository of three commits (the program of
# src/test/java/io/pgolab/cli/GateSample.java): base; about 5% more work in the hot loop (a second loop of
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
cat > "$repo/work.c" <<'C'
#include <stdio.h>
#include <stdlib.h>

/* the hot loop */
__attribute__((noinline)) unsigned long work(unsigned long n) {
    unsigned long s = 0;
    for (unsigned long i = 0; i < n; i++) {
        s = s * 31 + (i ^ (s >> 7));
    }
    return s;
}

int main(int argc, char **argv) {
    unsigned long n = argc > 1 ? strtoul(argv[1], 0, 10) : 1000000;
    printf("%lu\n", work(n));
    return 0;
}
C
cat > "$repo/pgolab.toml" <<'T'
[project]
name = "gate-sample"
variants = ["release", "pgo"]

[toolchain]
kind = "clang"

[build]
command = "{cc} -O2 {cflags} {srcdir}/work.c -o {builddir}/work {ldflags}"
artifact = "{builddir}/work"

[[train]]
name = "typical"
command = "{binary} 2000000"

[[bench]]
name = "loop"
command = "{binary} 60000000"

[gate]
variants = ["release", "pgo"]
bound = 2
T
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
