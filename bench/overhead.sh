#!/usr/bin/env bash
# pgolab's own overhead per measured run, with the long-lived runner (default) and without it
# (PGOLAB_RUNNER_SERVER=0: one pgolab-runner process per run), alternating, REPS times each.
# Method as in bench/bars.sh: a 100-round compare of `true` and `/bin/true` (200 runs through
# `bash -c`), total wall time minus the commands' own (runner-reported) wall time, per run.
# Also the CPU time (user+sys, from GNU time) of the whole `pgolab compare` process tree minus the
# commands' own CPU time, per run: less sensitive to other load than wall time.
# Then the process layer alone (bench/RunnerOverhead.java), 3 x 200 runs per path.
# usage: bench/overhead.sh [REPS]   (default 3). JSON in bench/out/overhead/.
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-3}
out=bench/out/overhead
mkdir -p "$out"
# shellcheck source=bench/spin-lib.sh
. bench/spin-lib.sh
freeze_pgolab
echo "date: $(date -u +%Y-%m-%dT%H:%MZ); load average at start: $(cut -d' ' -f1-3 /proc/loadavg); java: $(java -version 2>&1 | head -1)"
per_run() {
  python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); w = d['workloads'][0]
runs = w['runs']; own = sum(r['metrics']['wall_time'] for r in runs)
cpu = float(open(sys.argv[2]).read().split()[-1]); own_cpu = sum(r['metrics']['cpu_time'] for r in runs)
print("%d runs in %.2f s wall, commands' own wall %.3f s -> %.2f ms of pgolab per measured run;"
      " CPU of the whole compare %.2f s, commands' own %.3f s -> %.2f ms CPU per run"
      % (len(runs), w['elapsed_seconds'], own, (w['elapsed_seconds'] - own) / len(runs) * 1000,
         cpu, own_cpu, (cpu - own_cpu) / len(runs) * 1000))
PY
}
for i in $(seq 1 "$reps"); do
  for mode in 0 1; do
    PGOLAB_RUNNER_SERVER=$mode /usr/bin/time -o "$out/time-$mode-$i" -f '%U %S %e' \
      java -jar "$out/pgolab.jar" compare --min-rounds 100 --max-rounds 100 --warmup 0 \
      --json "$out/server-$mode-$i.json" true /bin/true >/dev/null 2>&1
    label=$([ "$mode" = 1 ] && echo "long-lived runner " || echo "runner per run    ")
    awk '{print $1 + $2}' "$out/time-$mode-$i" >"$out/cpu-$mode-$i"
    echo "#$i $label: $(per_run "$out/server-$mode-$i.json" "$out/cpu-$mode-$i")"
  done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
# The process layer alone (CommandMeasurer.run, no campaign), both paths.
for mode in 0 1; do
  PGOLAB_RUNNER_SERVER=$mode java -cp "$out/pgolab.jar" bench/RunnerOverhead.java 3
done
echo "load average at end of the process-layer runs: $(cut -d' ' -f1-3 /proc/loadavg)"
