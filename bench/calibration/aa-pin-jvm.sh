#!/usr/bin/env bash
# A/A on the tight loop (bench/aa/spin.c, ~0.3 s per run) with pgolab's own threads pinned off the measured CPU
# (the default) and without (PGOLAB_PIN_JVM=0), alternating so that both see the same phases of the machine.
# Prints, per run, the cpu_time ratio, its 95% CI half-width, rounds and the load average; JSON in bench/out/pin-jvm/.
# usage: [ROUNDS=N] bench/calibration/aa-pin-jvm.sh [REPS] [BUDGET]   (default 4 60s: REPS runs of each; with ROUNDS
#        every run measures exactly N rounds, so that the half-widths compare at equal sample sizes)
set -euo pipefail
cd "$(dirname "$0")/../.."
reps=${1:-4}; budget=${2:-60s}
rounds=()
[ -n "${ROUNDS:-}" ] && rounds=(--min-rounds "$ROUNDS" --max-rounds "$ROUNDS" --target-ci 0.01)
out=bench/out/pin-jvm
mkdir -p "$out"
# shellcheck source=bench/spin-lib.sh
. bench/spin-lib.sh
freeze_pgolab
size_spin
echo "spin $n (~0.3 s); $(nproc) CPUs; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq 1 "$reps"); do
  for mode in pinned unpinned; do
    f="$out/spin-aa-$mode-$i${ROUNDS:+-r$ROUNDS}.json"
    if [ "$mode" = pinned ]; then
      pgolab compare --aa "$spin $n" --budget "$budget" "${rounds[@]}" --json "$f" >"${f%.json}.txt" 2>&1 || true
    else
      PGOLAB_PIN_JVM=0 pgolab compare --aa "$spin $n" --budget "$budget" "${rounds[@]}" --json "$f" >"${f%.json}.txt" 2>&1 || true
    fi
    python3 - "$f" "$mode" "$i" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
c = next(c for c in d["comparisons"] if c["metric"] == "cpu_time")
hw = (c["ci_high"] - c["ci_low"]) / 2 * 100
jt = d.get("method", {}).get("jvm_threads", {})
print(f"{sys.argv[2]:8} {sys.argv[3]}: ratio {c['ratio']:.4f} half-width {hw:.2f}% rounds {c.get('rounds')}"
      f" verdict {c['verdict']} jvm_threads {jt} load {open('/proc/loadavg').read().split()[0]}")
PY
  done
done
