#!/usr/bin/env bash
# pgolab's own overhead per measured run, with the long-lived runner (default) and without it
# (PGOLAB_RUNNER_SERVER=0: one pgolab-runner process per run), alternating, REPS times each.
# Method as in bench/bars.sh: a 100-round compare of `true` and `/bin/true` (200 runs through
# `bash -c`), total wall time minus the commands' own (runner-reported) wall time, per run.
# Also the CPU time (user+sys, from GNU time) of the whole `pgolab compare` process tree minus the
# commands' own CPU time, per run: less sensitive to other load than wall time.
# Then the marginal cost of a run (a 250-round compare minus a 50-round one, per extra run: fixed costs
# cancel out), and the process layer alone (bench/RunnerOverhead.java), 3 x 200 runs per path.
# With OTHER_JAR (another build of pgolab, e.g. an older commit's target/pgolab.jar), the marginal cost is
# measured for both, alternating in the same run ("this" = the working tree's build, "other" = OTHER_JAR).
# usage: bench/overhead.sh [REPS] [OTHER_JAR]   (default 3). JSON in bench/out/overhead/.
set -euo pipefail
cd "$(dirname "$0")/.."
reps=${1:-3}
other=${2:-}
if [ -n "$other" ] && [ ! -f "$other" ]; then echo "bench/overhead.sh: no such jar: $other" >&2; exit 2; fi
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
# The marginal cost of one more measured run (long-lived runner): the same compare at 50 and at 250
# rounds; pgolab's own time (elapsed minus the commands' own wall) and CPU (process tree minus the
# commands' own) of the longer one minus the shorter's, over the 400 extra runs. What every run costs
# whatever the campaign's length; the fixed costs (host checks before and after the rounds, starting
# the runner, the JVM's start-up) cancel out and are printed apart, as the shorter campaign's rest.
own() {
  python3 - "$1" "$2" <<'PY2'
import json, sys
d = json.load(open(sys.argv[1])); w = d['workloads'][0]; runs = w['runs']
cpu = float(open(sys.argv[2]).read().split()[-1])
print(len(runs), w['elapsed_seconds'] - sum(r['metrics']['wall_time'] for r in runs),
      cpu - sum(r['metrics']['cpu_time'] for r in runs))
PY2
}
marginal() { # LABEL JAR REP
  local label=$1 jar=$2 i=$3
  for rounds in 50 250; do
    # --min-rounds 6 and an unreachable --target-ci: the stopping rule computes its CI after every round from
    # the 6th, as in a default campaign (with --min-rounds = --max-rounds it would only at the end).
    /usr/bin/time -o "$out/mtime-$label-$rounds-$i" -f '%U %S %e' java -jar "$jar" compare --min-rounds 6 \
      --max-rounds "$rounds" --target-ci 0.0001 --warmup 0 --json "$out/marginal-$label-$rounds-$i.json" true /bin/true \
      >/dev/null 2>&1
    awk '{print $1 + $2}' "$out/mtime-$label-$rounds-$i" >"$out/mcpu-$label-$rounds-$i"
  done
  read -r n1 wall1 cpu1 < <(own "$out/marginal-$label-50-$i.json" "$out/mcpu-$label-50-$i")
  read -r n2 wall2 cpu2 < <(own "$out/marginal-$label-250-$i.json" "$out/mcpu-$label-250-$i")
  awk -v i="$i" -v l="$label" -v n1="$n1" -v n2="$n2" -v w1="$wall1" -v w2="$wall2" -v c1="$cpu1" -v c2="$cpu2" 'BEGIN {
    printf "#%d marginal, long-lived runner%s: %.2f ms of pgolab per extra run (wall), %.2f ms CPU per extra run;" \
      " fixed: %.0f ms wall inside the campaign, %.0f ms CPU of the whole process\n",
      i, (l == "this" ? "" : " (" l ")"), (w2 - w1) / (n2 - n1) * 1000, (c2 - c1) / (n2 - n1) * 1000,
      (w1 - n1 * (w2 - w1) / (n2 - n1)) * 1000, (c1 - n1 * (c2 - c1) / (n2 - n1)) * 1000 }'
}
for i in $(seq 1 "$reps"); do
  marginal this "$out/pgolab.jar" "$i"
  if [ -n "$other" ]; then
    cp "$other" "$out/other.jar"
    marginal other "$out/other.jar" "$i"
  fi
done
echo "load average at end of the marginal runs: $(cut -d' ' -f1-3 /proc/loadavg)"
# The process layer alone (CommandMeasurer.run, no campaign), both paths.
for mode in 0 1; do
  PGOLAB_RUNNER_SERVER=$mode java -cp "$out/pgolab.jar" bench/RunnerOverhead.java 3
done
echo "load average at end of the process-layer runs: $(cut -d' ' -f1-3 /proc/loadavg)"
