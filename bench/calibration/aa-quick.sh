#!/usr/bin/env bash
# Small start of the calibration study: a few quick A/A runs whose raw per-round samples
# bench/calibration/reanalyse.py re-analyses with the old and the new method (no re-measuring).
#   spin: bench/aa/spin.c (gcc -O2, ~0.3 s per run), REPS A/A runs at --budget BUDGET;
#   slow: spin against spin with 3% more iterations, SLOW_REPS runs (a known slowdown);
#   demo: with DEMO_CMD set (e.g. "$PWD/demo bench 2200", the release binary of `pgolab demo --write-only --dir D`
#         + `pgolab -C D build`, in D/.pgolab/build/release/demo), REPS A/A runs of it.
# usage: [DEMO_CMD=...] [SPIN_REPS=N] bench/calibration/aa-quick.sh [REPS] [BUDGET] [SLOW_REPS]   (default 5 10s 2;
#        SPIN_REPS defaults to REPS). JSON in bench/out/calibration/ (a later run overwrites the files).
set -euo pipefail
cd "$(dirname "$0")/../.."
reps=${1:-5}; budget=${2:-10s}; slow_reps=${3:-2}
out=bench/out/calibration
mkdir -p "$out"
# shellcheck source=bench/spin-lib.sh
. bench/spin-lib.sh
freeze_pgolab
size_spin
echo "spin $n (~0.3 s), slow candidate spin $slow; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq 1 "${SPIN_REPS:-$reps}"); do
  pgolab compare --aa "$spin $n" --budget "$budget" --json "$out/spin-aa-$i.json" >"$out/spin-aa-$i.txt" 2>&1 || true
  echo "spin A/A $i: $(grep -m1 -E '^  cpu_time ' "$out/spin-aa-$i.txt" || echo see $out/spin-aa-$i.txt)"
done
for i in $(seq 1 "$slow_reps"); do
  pgolab compare "$spin $n" "$spin $slow" --budget "$budget" --json "$out/spin-slow-$i.json" >"$out/spin-slow-$i.txt" 2>&1 || true
  echo "spin +3% $i: $(grep -m1 -E '^  cpu_time ' "$out/spin-slow-$i.txt" || echo see $out/spin-slow-$i.txt)"
done
if [ -n "${DEMO_CMD:-}" ]; then
  for i in $(seq 1 "$reps"); do
    pgolab compare --aa "$DEMO_CMD" --budget "$budget" --json "$out/demo-aa-$i.json" >"$out/demo-aa-$i.txt" 2>&1 || true
    echo "demo A/A $i: $(grep -m1 -E '^  cpu_time ' "$out/demo-aa-$i.txt" || echo see $out/demo-aa-$i.txt)"
  done
fi
