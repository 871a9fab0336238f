#!/usr/bin/env bash
# Figures for docs/statistics.md and docs/benchmarks.md: how [toolchain] partial_training (the guard, on by
# default) changes the ladder's profile-guided steps (pgo, pgo+lto, +cs, +bolt) on a program trained on one
# mode: one workload training ran, one it never ran. Uses the configs bench/untrained-guard.sh writes
# (run it first for the same PROGRAM and KIND), and runs 'pgolab ladder' twice: with the guard (the default)
# and with partial_training = false; release, the instrumented build and the training are shared.
# usage: bench/ladder-guard.sh lua|lz4 [clang|gcc] [EXTRA LADDER OPTIONS...]   (default --max-time 45s)
#   lua: workloads strings (trained) and nbody (never trained); lz4: fast-1 (trained) and hc-9 (never trained)
# JSON and Markdown to bench/out/ladder-guard-PROGRAM-KIND-{on,off}.{json,md}; a table at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
program=${1:?usage: bench/ladder-guard.sh lua|lz4 [clang|gcc] [ladder options]}
kind=${2:-clang}
shift $(( $# >= 2 ? 2 : 1 ))
work=/tmp/pgolab-guard-$program-$kind
[[ -f $work/pgolab.toml ]] || { echo "run bench/untrained-guard.sh $program $kind first (it writes $work)" >&2; exit 2; }
case $program in
  lua) workloads=(--workload strings --workload nbody) ;;
  lz4) workloads=(--workload fast-1 --workload hc-9) ;;
  *) echo "unknown program $program" >&2; exit 2 ;;
esac
if [[ $kind == clang ]]; then steps=(release pgo pgo+lto pgo+lto+cs pgo+lto+bolt); else steps=(release pgo pgo+lto pgo+lto+bolt); fi
extra=("$@")
[[ ${#extra[@]} -gt 0 ]] || extra=(--max-time 45s)
mkdir -p bench/out
echo "### ladder of $program ($kind), guard on and off ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
for guard in on off; do
  config=pgolab.toml
  [[ $guard == off ]] && config=pgolab-off.toml
  ./pgolab -C "$work" --config "$config" ladder "${steps[@]}" "${workloads[@]}" "${extra[@]}" --no-training-check \
    --json "$PWD/bench/out/ladder-guard-$program-$kind-$guard.json" \
    --markdown "$PWD/bench/out/ladder-guard-$program-$kind-$guard.md" >"$work/ladder-$guard.log" 2>&1 || true
  grep -E "rounds after" "$work/ladder-$guard.log" || tail -20 "$work/ladder-$guard.log"
done
python3 - "bench/out/ladder-guard-$program-$kind" <<'PY'
import json, sys
rows = {}
for guard in ("on", "off"):
    d = json.load(open(f"{sys.argv[1]}-{guard}.json"))
    for st in d["ladder"]["steps"]:
        v = st.get("vs_release")
        if not v:
            continue
        cell = f"{v['gain_percent']:+.1f}% [{v['ci_low_percent']:+.1f}, {v['ci_high_percent']:+.1f}] {v['verdict']}"
        rows.setdefault((st["workload"], st["variant"]), {})[guard] = cell
print("| workload | step | gain vs release, guard on (default) | gain vs release, partial_training = false |")
print("|---|---|---|---|")
for (w, v), c in rows.items():
    print(f"| {w} | {v} | {c.get('on', '-')} | {c.get('off', '-')} |")
PY
echo "end $(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg)"
