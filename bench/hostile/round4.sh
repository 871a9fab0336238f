#!/usr/bin/env bash
# The round-4 hostile pass (docs: bench/hostile/round4.md): install trees, compiler caches, suite names,
# init, the composite action, configure steps and kills. Each case sets up a project under
# $HOSTILE_WORK (default /tmp/pgolab-hostile4), runs this checkout's pgolab and classifies the outcome
# (correct / clear error / misleading message / wrong result / internal error / hang); the table goes to
# $HOSTILE_WORK/results.tsv and the counts to stdout.
# usage: bench/hostile/round4.sh [CASE_FUNCTION...]     (default: every case; e.g. i05 n03)
#        HOSTILE_JAR=other/pgolab.jar bench/hostile/round4.sh     (another build of pgolab, e.g. the one before)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
source bench/hostile/lib.sh
mkdir -p "$work"
if [ -n "${HOSTILE_JAR:-}" ]; then cp "$HOSTILE_JAR" "$work/pgolab.jar"
else ./pgolab --version >/dev/null; cp target/launch/pgolab.jar "$work/pgolab.jar"; fi
echo "pgolab: $(java -jar "$work/pgolab.jar" --version)"
for f in bench/hostile/cases-*.sh; do source "$f"; done
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=($INSTALL_CASES $CACHE_CASES $NAME_CASES $INIT_CASES $ACTION_CASES $CONFIGURE_CASES $KILL_CASES)
: >"$work/results.tsv"
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg)  $(date -u +%FT%TZ)"
for c in "${cases[@]}"; do
  n0=$(wc -l <"$work/results.tsv")
  "$c" || record "$c" "harness failure" "the case script itself failed"
  [ "$(wc -l <"$work/results.tsv")" -gt "$n0" ] || record "$c" "harness failure" "the case recorded nothing"
  tail -1 "$work/results.tsv"
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)  $(date -u +%FT%TZ)"
echo "--- $(wc -l <"$work/results.tsv") cases"
cut -f2 "$work/results.tsv" | sort | uniq -c | sort -rn
