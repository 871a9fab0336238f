#!/usr/bin/env bash
# Figures for docs/benchmarks.md: CPython 3.11 trained deliberately narrowly (bench/cpython-guard/train/*.py:
# strings, dicts, classes, regular expressions, lists, formatting; no floating-point code) and measured on
# held-out scripts, two of them float-heavy (n-body, spectral norm), one on complex numbers, one on decimal. Three configs in one store:
#   narrow.toml       pgo+lto with partial_training on (the default)
#   narrow-off.toml   the same with partial_training = false
#   narrow-base.toml  the narrow scripts plus CPython's own -m test --pgo as a base (share 0.5)
# and CPython's own recipe (./configure --enable-optimizations --with-lto, built by bench/cpython-recipe.sh's
# recipe into /tmp/pgolab-bench-cpython-recipe).
# Per held-out script: one interleaved 'pgolab compare' of release, narrow, narrow-off, narrow-base and the
# recipe against release; then one of narrow-base against the recipe (--baseline).
# usage: bench/cpython-guard.sh [EXTRA COMPARE OPTIONS...]   (default --max-time 120s)
#   PGOLAB="java -jar FILE.jar" runs another pgolab than ./pgolab (e.g. the jar that built the store).
# JSON and Markdown to bench/out/cpython-guard-SCRIPT{,-recipe}.{json,md}; a table at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/out
examples/cpython/fetch.sh >/dev/null
dir=bench/cpython-guard
read -r -a pgolab <<<"${PGOLAB:-./pgolab}"
declare -A bin
for c in narrow narrow-off narrow-base; do
  "${pgolab[@]}" -C "$dir" --config "$c.toml" build --json "/tmp/pgolab-cpython-guard-$c.json" >&2
  bin[$c]=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(next(v["binary"] for v in d["variants"] if v["name"]=="pgo+lto" and v["phase"]!="instrument"))' "/tmp/pgolab-cpython-guard-$c.json")
done
bin[release]=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(next(v["binary"] for v in d["variants"] if v["name"]=="release"))' /tmp/pgolab-cpython-guard-narrow.json)
recipe=/tmp/pgolab-bench-cpython-recipe/install/usr/local/bin/python3.11
[[ -x $recipe ]] || { echo "the recipe's interpreter $recipe is missing: run bench/cpython-recipe.sh once (it builds it)" >&2; exit 2; }
extra=("$@")
[[ ${#extra[@]} -gt 0 ]] || extra=(--max-time 120s)
echo "### CPython 3.11, narrow training: guard on, off, with a base, and the recipe ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
for k in release narrow narrow-off narrow-base; do echo "$k: ${bin[$k]}"; done
echo "recipe: $recipe"
scripts=(examples/cpython/bench/float_nbody.py "$dir/heldout/spectral_norm.py" examples/cpython/bench/json_roundtrip.py
         examples/cpython/bench/regex_scan.py examples/cpython/bench/objects.py
         "$dir/heldout/complex_mandel.py" "$dir/heldout/decimal_sum.py")
for script in "${scripts[@]}"; do
  name=$(basename "$script" .py)
  echo "#### $name"
  "${pgolab[@]}" compare -n release -n narrow -n narrow-off -n narrow-base -n recipe "${extra[@]}" \
    --json "bench/out/cpython-guard-$name.json" --markdown "bench/out/cpython-guard-$name.md" -- \
    "${bin[release]} $PWD/$script" "${bin[narrow]} $PWD/$script" "${bin[narrow-off]} $PWD/$script" \
    "${bin[narrow-base]} $PWD/$script" "$recipe $PWD/$script" 2>&1 | grep -E "rounds after|decisions" || true
  "${pgolab[@]}" compare -n recipe -n narrow-base "${extra[@]}" \
    --json "bench/out/cpython-guard-$name-recipe.json" --markdown "bench/out/cpython-guard-$name-recipe.md" -- \
    "$recipe $PWD/$script" "${bin[narrow-base]} $PWD/$script" 2>&1 | grep -E "rounds after|decisions" || true
done
python3 - "${scripts[@]}" <<'PY'
import json, os, sys
def cells(path):
    out = {}
    for w in json.load(open(path))['workloads']:
        for c in w['comparisons']:
            if c['metric'] == 'cpu_time':
                p = lambda r: f"{(r - 1) * 100:+.1f}%"
                out[c['candidate']] = f"{p(c['ratio'])} [{p(c['ci_low'])}, {p(c['ci_high'])}] {c['verdict']} ({c['rounds']})"
    return out
print("| held-out script | narrow (guard on) vs release | narrow, guard off, vs release | narrow + base vs release | recipe vs release | narrow + base vs recipe |")
print("|---|---|---|---|---|---|")
for s in sys.argv[1:]:
    n = os.path.basename(s)[:-3]
    a = cells(f"bench/out/cpython-guard-{n}.json")
    b = cells(f"bench/out/cpython-guard-{n}-recipe.json")
    print(f"| {n} | {a['narrow']} | {a['narrow-off']} | {a['narrow-base']} | {a['recipe']} | {b['narrow-base']} |")
PY
echo "end $(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg)"
