#!/usr/bin/env bash
# The performance bars of the measurement engine, measured on this machine:
#  1. A/A: `pgolab compare --aa` on a ~0.3 s CPU-bound command: 95% CI half-width on cpu_time <= 1.0%
#     within the default 60 s budget, verdict no_change;
#  2. over REPS A/A repetitions, at most 1 ends improved or regressed;
#  3. a candidate burning 3% more CPU is called regressed in >= 19 of 20 (REPS) repetitions;
#  4. pgolab's own overhead per measured run < 5 ms.
# usage: bench/bars.sh [REPS]   (default 20). Prints one line per run and a summary; JSON in bench/out/bars/.
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-20}
out=bench/out/bars
mkdir -p "$out"
# shellcheck source=bench/spin-lib.sh
. bench/spin-lib.sh
freeze_pgolab
size_spin
echo "spin $n: about $(( best * n / 100 / 1000000 )) ms per run; slow candidate: spin $slow (+3% work)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); c=[x for x in d['comparisons'] if x['metric']=='cpu_time'][0]; w=d['workloads'][0]; print(c['verdict'], '%.3f' % ((c['ci_high']-c['ci_low'])/2*100), '%.4f' % c['ratio'], w['rounds'], '%.1f' % w['elapsed_seconds'])" "$1"; }

aa_bad=0; aa_within=0
for i in $(seq 1 "$reps"); do
  pgolab compare --aa --seed "$i" --json "$out/aa-$i.json" "$spin $n" >/dev/null 2>&1
  read -r verdict hw ratio rounds secs < <(field "$out/aa-$i.json")
  echo "A/A #$i: verdict $verdict, ratio $ratio, half-width ±$hw%, $rounds rounds, ${secs}s, median cpu $(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print('%.3f s' % d['workloads'][0]['medians']['A']['cpu_time'])" "$out/aa-$i.json")"
  case $verdict in improved|regressed) aa_bad=$((aa_bad+1));; esac
  awk -v h="$hw" 'BEGIN{exit !(h<=1.0)}' && aa_within=$((aa_within+1))
done
ab_hit=0
for i in $(seq 1 "$reps"); do
  pgolab compare --seed "$i" --json "$out/ab-$i.json" -n base -n slow "$spin $n" "$spin $slow" >/dev/null 2>&1
  read -r verdict hw ratio rounds secs < <(field "$out/ab-$i.json")
  echo "+3% #$i: verdict $verdict, ratio $ratio, half-width ±$hw%, $rounds rounds, ${secs}s"
  [ "$verdict" = regressed ] && ab_hit=$((ab_hit+1))
done
# Overhead: total wall time of a compare of two trivial commands, minus the commands' own wall time, per run.
pgolab compare --min-rounds 100 --max-rounds 100 --warmup 0 --json "$out/overhead.json" true /bin/true >/dev/null 2>&1
python3 - "$out/overhead.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); w = d['workloads'][0]
runs = w['runs']; own = sum(r['metrics']['wall_time'] for r in runs)
print("overhead: %d runs in %.2f s wall, commands' own wall %.3f s -> %.2f ms of pgolab per measured run"
      % (len(runs), w['elapsed_seconds'], own, (w['elapsed_seconds'] - own) / len(runs) * 1000))
PY
echo "summary: A/A half-width <= 1.0%: $aa_within/$reps; A/A improved or regressed: $aa_bad/$reps; +3% called regressed: $ab_hit/$reps"
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
