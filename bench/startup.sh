#!/usr/bin/env bash
# pgolab's own start-up, with and without its AOT cache (the launcher's, JDK >= 25), paired and
# interleaved: a frozen pgolab (this checkout's jar, on the JDK on PATH) runs `pgolab compare` of
# `env PGOLAB_AOT=0 ./pgolab ...` (baseline) against `env PGOLAB_AOT=1 ./pgolab ...`, ROUNDS rounds
# each, for: --version (a lone --version runs without the cache either way: the two sides should match);
# compare --help; a 20-round compare of `true` and `/bin/true` (a whole
# campaign: start-up plus 40 measured runs). The launcher runs on PGOLAB_JAVA_HOME (default: the
# first JDK >= 25 under /usr/lib/jvm). Prints median wall and CPU (user+sys) of each side and the
# ratio with its 95% CI; JSON in bench/out/startup/.
# usage: bench/startup.sh [ROUNDS]   (default 30)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-30}
out=bench/out/startup
mkdir -p "$out"
# shellcheck source=bench/spin-lib.sh
. bench/spin-lib.sh
freeze_pgolab
if [ -z "${PGOLAB_JAVA_HOME:-}" ]; then
  for d in /usr/lib/jvm/*/; do
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$d/release" 2>/dev/null || true)
    if [ -n "$v" ] && [ "$v" -ge 25 ]; then PGOLAB_JAVA_HOME=${d%/}; break; fi
  done
fi
[ -n "${PGOLAB_JAVA_HOME:-}" ] || { echo "no JDK >= 25 found under /usr/lib/jvm; set PGOLAB_JAVA_HOME" >&2; exit 2; }
export PGOLAB_JAVA_HOME
unset JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS
./pgolab --version >/dev/null # makes the cache if needed
echo "date: $(date -u +%Y-%m-%dT%H:%MZ); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "measuring pgolab: $(java -version 2>&1 | head -1); measured launcher: $("$PGOLAB_JAVA_HOME/bin/java" -version 2>&1 | head -1)"
echo "cache: $(ls -s --block-size=M target/launch/aot/*.aot | tr '\n' ' ')"
report() {
  python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); w = d['workloads'][0]; m = w['medians']
def c(metric): return [x for x in d['comparisons'] if x['metric'] == metric][0]
wall, cpu = c('wall_time'), c('cpu_time')
print("%-14s %2d rounds | wall %7.1f -> %7.1f ms, ratio %.3f [%.3f, %.3f] | cpu %7.1f -> %7.1f ms, ratio %.3f [%.3f, %.3f] (%+.1f%%), %s"
      % (sys.argv[2], w['rounds'], m['noaot']['wall_time'] * 1e3, m['aot']['wall_time'] * 1e3, wall['ratio'],
         wall['ci_low'], wall['ci_high'], m['noaot']['cpu_time'] * 1e3, m['aot']['cpu_time'] * 1e3, cpu['ratio'],
         cpu['ci_low'], cpu['ci_high'], (cpu['ratio'] - 1) * 100, cpu['verdict']))
PY
}
run() {
  local name=$1; shift
  pgolab compare --min-rounds "$rounds" --max-rounds "$rounds" --warmup 3 --budget 30m --seed 1 \
    --json "$out/$name.json" -n noaot -n aot "env PGOLAB_AOT=0 ./pgolab $*" "env PGOLAB_AOT=1 ./pgolab $*" >/dev/null 2>&1
  report "$out/$name.json" "$name"
}
run version --version
run compare-help compare --help
run compare-campaign compare --min-rounds 20 --max-rounds 20 --warmup 0 true /bin/true
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
