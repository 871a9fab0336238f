#!/usr/bin/env bash
# Figures for docs/benchmarks.md: [toolchain] partial_training (the guard, on by default) on a real
# program trained on ONE mode and benched on modes the training never ran, with clang or gcc.
#   lua: examples/lua trained on its strings script only; benched on it (trained) and on json, nbody,
#        wordfreq and the example's other training scripts (tables, objects, numeric), none of them trained here.
#   lz4: examples/lz4 trained on fast compression (-1) only; benched on -1 (trained), -9 and -12 (the HC
#        compressor, never trained) and decompression (never trained).
# Builds release and pgo with the guard (the default) and pgo without it (partial_training = false) in one
# store, then measures the three binaries side by side in one interleaved 'pgolab compare' per workload
# (paired rounds, CIs of the ratio, verdicts against release).
# usage: bench/untrained-guard.sh lua|lz4 clang|gcc [EXTRA COMPARE OPTIONS...]   (default --max-time 60s)
# Work goes to /tmp/pgolab-guard-PROGRAM-KIND (kept: a second run reuses the builds); JSON and Markdown
# of each comparison to bench/out/guard-PROGRAM-KIND-WORKLOAD.{json,md}.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
program=${1:?usage: bench/untrained-guard.sh lua|lz4 clang|gcc [compare options]}
kind=${2:?usage: bench/untrained-guard.sh lua|lz4 clang|gcc [compare options]}
shift 2
[[ $program == lua || $program == lz4 ]] || { echo "unknown program $program (lua or lz4)" >&2; exit 2; }
[[ $kind == clang || $kind == gcc ]] || { echo "unknown toolchain $kind (clang or gcc)" >&2; exit 2; }
mkdir -p bench/out
examples/$program/fetch.sh >/dev/null
example=$repo/examples/$program
work=/tmp/pgolab-guard-$program-$kind
mkdir -p "$work"

# The example's config, narrowed: one training workload, every other mode benched; the toolchain
# replaced; paths made absolute (the config lives in $work).
python3 - "$example/pgolab.toml" "$work" "$program" "$kind" <<'PY'
import re, sys
src, work, program, kind = sys.argv[1:]
text = open(src).read()
text = text.replace('root = "upstream/', 'root = "' + src.rsplit('/', 1)[0] + '/upstream/')
text = text.replace('{config_dir}', src.rsplit('/', 1)[0])
text = re.sub(r'(?m)^kind = "clang"$', f'kind = "{kind}"', text)
blocks = re.split(r'(?m)^(?=\[\[(?:train|bench)\]\])', text)
head, entries = blocks[0], blocks[1:]
def name(b):
    return re.search(r'(?m)^name = "([^"]+)"', b).group(1)
train = [b for b in entries if b.startswith('[[train]]')]
bench = [b for b in entries if b.startswith('[[bench]]')]
if program == 'lua':
    keep = [b for b in train if name(b) == 'strings']
    bench += [b.replace('[[train]]', '[[bench]]', 1) for b in train]   # strings: the trained workload
    train = keep
else:
    d = [b for b in bench if name(b) == 'fast-1'][0]
    bench.append(d.replace('name = "fast-1"', 'name = "decompress"')
                 .replace('| {binary} -1 -c > /dev/null', '| lz4 -1 -c | {binary} -d -c > /dev/null'))
    bench = [b.replace("{binary} -1 -c", "{binary} -1 -c") for b in bench]
guarded = head.rstrip() + '\n\n' + ''.join(train) + ''.join(bench)
off = re.sub(r'(?m)^(kind = "[a-z]+")$', r'\1\npartial_training = false', guarded, count=1)
assert off != guarded
open(f'{work}/pgolab.toml', 'w').write(guarded)
open(f'{work}/pgolab-off.toml', 'w').write(off)
PY
if [[ $program == lz4 ]] && ! command -v lz4 >/dev/null; then
  # the decompress workload's input is made by the system's lz4 (the same stream for every variant)
  echo "bench/untrained-guard.sh: the lz4 decompress workload needs the lz4 command (apt-get install -y lz4)" >&2
  exit 2
fi

echo "### $program, $kind: release vs pgo with and without partial_training ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
./pgolab -C "$work" build --json "$work/guarded.json" >"$work/guarded.log" 2>&1 || { tail -40 "$work/guarded.log"; exit 1; }
./pgolab -C "$work" --config pgolab-off.toml build --json "$work/off.json" >"$work/off.log" 2>&1 || { tail -40 "$work/off.log"; exit 1; }
grep -E "^(pgo|release) |audit:|partial training" "$work/guarded.log" | head -8
binary() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(next(v["binary"] for v in d["variants"] if v["name"]==sys.argv[2] and v["phase"]!="instrument"))' "$@"; }
release=$(binary "$work/guarded.json" release)
guarded=$(binary "$work/guarded.json" pgo)
off=$(binary "$work/off.json" pgo)
printf 'release %s\npgo     %s\npgo-off %s\n' "$release" "$guarded" "$off"
printf 'sizes: release %s, pgo %s, pgo-off %s bytes\n' "$(stat -c %s "$release")" "$(stat -c %s "$guarded")" "$(stat -c %s "$off")"
python3 - "$work/pgolab.toml" <<'PY' >"$work/workloads.tsv"
import sys, tomllib
c = tomllib.load(open(sys.argv[1], 'rb'))
for b in c['bench']:
    print(b['name'] + '\t' + b['command'])
for t in c['train']:
    print('trained:' + t['name'] + '\t' + t['command'])
PY
extra=("$@")
[[ ${#extra[@]} -gt 0 ]] || extra=(--max-time 60s)
while IFS=$'\t' read -r name command; do
  [[ $name == trained:* ]] && continue
  trained=no
  grep -qF "$command" <(grep '^trained:' "$work/workloads.tsv" | cut -f2) && trained=yes
  echo "#### $name (trained: $trained)"
  cmd() { local c=${command//\{binary\}/$1}; echo "${c//\{root\}/$(python3 -c 'import sys,tomllib; print(tomllib.load(open(sys.argv[1],"rb"))["project"]["root"])' "$work/pgolab.toml")}"; }
  ./pgolab compare -n release -n pgo -n pgo-off --json "bench/out/guard-$program-$kind-$name.json" \
    --markdown "bench/out/guard-$program-$kind-$name.md" "${extra[@]}" \
    -- "$(cmd "$release")" "$(cmd "$guarded")" "$(cmd "$off")" </dev/null 2>&1 | grep -E "decisions|rounds after" || true
done <"$work/workloads.tsv"
# One table: each workload's cpu_time change against release, with and without the guard.
python3 - "$work/workloads.tsv" "bench/out/guard-$program-$kind" <<'PY'
import json, sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1])]
trained = {c for n, c in rows if n.startswith('trained:')}
print(f"| workload | trained | rounds | pgo vs release | pgo with partial_training = false vs release |")
print("|---|---|---|---|---|")
for name, command in rows:
    if name.startswith('trained:'):
        continue
    d = json.load(open(f"{sys.argv[2]}-{name}.json"))
    cells = {}
    for w in d['workloads']:
        for c in w['comparisons']:
            if c['metric'] == 'cpu_time':
                pct = lambda r: f"{(r - 1) * 100:+.1f}%"
                cells[c['candidate']] = (f"{pct(c['ratio'])} [{pct(c['ci_low'])}, {pct(c['ci_high'])}] {c['verdict']}", c['rounds'])
    print(f"| {name} | {'yes' if command in trained else 'no'} | {cells['pgo'][1]} | {cells['pgo'][0]} | {cells['pgo-off'][0]} |")
PY
echo "end $(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg)"
