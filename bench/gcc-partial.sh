#!/usr/bin/env bash
# Figures for docs/benchmarks.md: GCC's -fprofile-partial-training ([toolchain] partial_training) on
# bench/partial/paths.c, whose training runs only path A and whose benchmark runs only path B.
# Builds the project twice from scratch (pgolab.toml, and pgolab-partial.toml = the same with
# partial_training = true), then measures release, pgo and pgo with partial training side by side in
# ONE interleaved 'pgolab compare' run (paired rounds, shuffled order, CIs of the ratio, verdicts).
# Then the same under valgrind (--deterministic, instruction counts), which the machine's load does not move.
# usage: bench/gcc-partial.sh [EXTRA COMPARE OPTIONS...]   (default budget 60s; extra options go to the timed run)
# JSON and Markdown go to bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
mkdir -p bench/out
work=$(mktemp -d /tmp/pgolab-gcc-partial.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp bench/partial/paths.c bench/partial/pgolab.toml bench/partial/pgolab-partial.toml "$work/"
echo "### gcc partial training ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg), $(gcc --version | head -1))"
./pgolab -C "$work" build --json "$work/plain.json" >/dev/null 2>"$work/plain.log" || { cat "$work/plain.log"; exit 1; }
./pgolab -C "$work" --config pgolab-partial.toml build --json "$work/partial.json" >/dev/null 2>"$work/partial.log" \
  || { cat "$work/partial.log"; exit 1; }
# The three binaries, copied to paths of equal length (argv and the environment sit on the stack).
binary() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(next(v["binary"] for v in d["variants"] if v["name"]==sys.argv[2] and v["phase"]!="instrument"))' "$@"; }
mkdir -p "$work/bin/r" "$work/bin/p" "$work/bin/q"
cp "$(binary "$work/plain.json" release)" "$work/bin/r/paths"
cp "$(binary "$work/plain.json" pgo)" "$work/bin/p/paths"
cp "$(binary "$work/partial.json" pgo)" "$work/bin/q/paths"
python3 - "$work" <<'PY'
import json, sys
w = sys.argv[1]
for f in ("plain", "partial"):
    d = json.load(open(f"{w}/{f}.json"))
    pgo = next(v for v in d["variants"] if v["name"] == "pgo")
    print(f"{f:8s} toolchain: {d['toolchain']}")
    print(f"{f:8s} pgo link:  ...{pgo['build_command'][-150:]}")
PY
for b in r p q; do
  printf '%s %s  path_b div instructions: %s\n' "$b" "$(sha256sum "$work/bin/$b/paths" | cut -c1-12)" \
    "$(objdump -d --no-show-raw-insn "$work/bin/$b/paths" | awk '/<path_b>:/,/^$/' | grep -c -E '\sdiv' || true)"
done
cd "$work"
"$repo/pgolab" compare -n release -n pgo -n pgo-partial --budget 60s \
  --json "$repo/bench/out/gcc-partial.json" --markdown "$repo/bench/out/gcc-partial.md" "$@" \
  "bin/r/paths b 20000" "bin/p/paths b 20000" "bin/q/paths b 20000" 2>&1
# The same three under valgrind (cache and branch simulation): instruction counts do not move with
# the machine's load, so they show what is left of the difference when the timings are noisy.
"$repo/pgolab" compare --deterministic -n release -n pgo -n pgo-partial --budget 60s \
  --json "$repo/bench/out/gcc-partial-det.json" \
  "bin/r/paths b 1000" "bin/p/paths b 1000" "bin/q/paths b 1000" 2>&1 | grep -v '^    round'
echo "end $(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg)"
