#!/usr/bin/env bash
# A results file as large as the 88 MB one of issue 27 (a gate file whose one workload ran ROUNDS rounds, every
# run with 8 metrics), read by pgolab report and pgolab merge under a 512 MB heap: time and peak RSS of each.
# Before issue 27 this took 2.3-3.5 GB of heap and died with an OutOfMemoryError stack trace at -Xmx512m; now the
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
import json, random, sys
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
w['runs'] = runs
w['rounds'] = rounds
c = w['comparisons'][0]
c['rounds'] = rounds
c['baseline_samples'] = [x['metrics']['cpu_time'] for x in runs if x['position'] == 0]
c['candidate_samples'] = [x['metrics']['cpu_time'] for x in runs if x['position'] == 1]
d['gate']['measures'][0]['rounds'] = rounds
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
