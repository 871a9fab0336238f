#!/usr/bin/env bash
# A results file as large as the 88 MB one a gate once wrote (a gate file whose one workload ran ROUNDS rounds, every
# run with 8 metrics), read by pgolab report and pgolab merge under a 512 MB heap: time and peak RSS of each.
# Before results files were streamed this took 2.3-3.5 GB of heap and died with an OutOfMemoryError stack trace at -Xmx512m; now the
# file renders, or a larger one is refused before it is read ("too large to read", exit 2).
# usage: bench/big-results.sh [ROUNDS] [HEAP]   (defaults 120000 rounds, about 88 MB; -Xmx512m)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-120000}
heap=${2:-512m}
out=bench/out/big-results
mkdir -p "$out"
jar=target/pgolab.jar
[ -f "$jar" ] || mvn -q -B -o package -DskipTests
big=$out/big-$rounds.json
python3 - "$rounds" "$big" <<'PY'
import json, random, statistics, sys
rounds, path = int(sys.argv[1]), sys.argv[2]
d = json.load(open('src/test/resources/results/hostile/gate.json'))
w = d['workloads'][0]
rnd = random.Random(1)
names = ['cpu_time', 'user_time', 'sys_time', 'wall_time', 'max_rss', 'ctx_switches', 'minor_faults', 'major_faults']
runs = []
for r in range(1, rounds + 1):
    for pos, s in enumerate(w['subjects']):
        runs.append({'subject': s, 'round': r, 'position': pos,
                     'metrics': {n: round(rnd.uniform(0.04, 0.06), 9) for n in names}})
base_of = {x['round']: x['metrics']['cpu_time'] for x in runs if x['position'] == 0}
w['runs'] = runs
w['rounds'] = rounds
c = w['comparisons'][0]
c['rounds'] = rounds
# The candidate at exactly 0.98 of the base each round, so that the recorded estimate, CI and verdicts are the ones
# merge and report compute again from the samples (report.RecordedVerdicts refuses a file whose numbers disagree).
for x in runs:
    if x['position'] == 1:
        x['metrics']['cpu_time'] = base_of[x['round']] * 0.98
c['baseline_samples'] = [base_of[r] for r in range(1, rounds + 1)]
c['candidate_samples'] = [x['metrics']['cpu_time'] for x in runs if x['position'] == 1]
bm, cm = statistics.median(c['baseline_samples']), statistics.median(c['candidate_samples'])
c.update(ratio=0.98, ci_low=0.98, ci_high=0.98, p_value=1e-6, baseline_median=bm, candidate_median=cm)
m = d['gate']['measures'][0]
m.update(rounds=rounds, base_median=bm, candidate_median=cm, change_percent=-2.0, ci_low_percent=-2.0,
         ci_high_percent=-2.0, worst_percent=-2.0)
json.dump(d, open(path, 'w'), indent=1)
PY
echo "$big: $(du -m "$big" | cut -f1) MB, java $(java -version 2>&1 | head -1)"
run() {
  local what=$1; shift
  /usr/bin/time -f "%e s %M" -o "$out/time" java -Xmx"$heap" -jar "$jar" "$@" >"$out/$what.out" 2>&1 && rc=0 || rc=$?
  read -r secs _ kb < <(tail -1 "$out/time")
  echo "$what: exit $rc, ${secs} s, peak RSS $((kb / 1024)) MB: $(grep -m1 -E 'error|wrote|Compared|OutOfMemory' "$out/$what.out" | cut -c1-160)"
}
run report-markdown report "$big" --markdown "$out/big.md"
run report-html report "$big" --html "$out/big.html"
run merge merge "$big" --markdown "$out/merged.md" --json "$out/merged.json"
