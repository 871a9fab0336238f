#!/usr/bin/env bash
# How much CPU time pgolab's own JVM threads (JIT compilers, GC, main...) take on the measured CPU during an A/A
# compare of the tight loop (bench/aa/spin.c), with pgolab's threads pinned off it (the default) and without
# (PGOLAB_PIN_JVM=0): perf samples CPU N (the last, where the runs are pinned) every 1 ms of cpu-clock while the compare
# runs, and counts the samples of pgolab's JVM (its pid) between the first and the last sample of the measured loop.
# Needs perf with system-wide sampling (root, or perf_event_paranoid <= 0).
# usage: bench/calibration/jvm-on-measured-cpu.sh [REPS] [ROUNDS]   (default 3 30)
set -euo pipefail
cd "$(dirname "$0")/../.."
reps=${1:-3}; rounds=${2:-30}
out=bench/out/pin-jvm
mkdir -p "$out"
# shellcheck source=bench/spin-lib.sh
. bench/spin-lib.sh
freeze_pgolab
size_spin
cpu=$(( $(nproc) - 1 ))
echo "spin $n (~0.3 s); measured CPU $cpu of $(nproc); $rounds rounds; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq 1 "$reps"); do
  for mode in pinned unpinned; do
    data="$out/perf-$mode-$i.data"
    pin=1; [ "$mode" = unpinned ] && pin=0
    PGOLAB_PIN_JVM=$pin perf record -q -C "$cpu" -e cpu-clock -c 1000000 -o "$data" -- \
      sh -c 'echo $$ >"$0"; exec "$@"' "$out/jvm.pid" java -jar "$out/pgolab.jar" compare --aa "$spin $n" \
      --min-rounds "$rounds" --max-rounds "$rounds" --target-ci 0.01 --budget 600s >"$out/perf-$mode-$i.txt" 2>&1 || true
    perf script -i "$data" -F time,pid,tid,comm 2>/dev/null | python3 -c '
import sys, collections
jvm = open(sys.argv[4]).read().strip()
samples = []
for line in sys.stdin:
    # "comm  pid/tid  time:" (the comm may hold spaces)
    parts = line.split()
    if len(parts) < 3:
        continue
    t = float(parts[-1].rstrip(":"))
    pid = parts[-2].split("/")[0]
    samples.append((t, pid, " ".join(parts[:-2])))
# the campaign: from the first to the last sample of the measured command (startup and reports left out)
spin = [t for t, p, c in samples if c == "spin"]
lo, hi = (min(spin), max(spin)) if spin else (0, 0)
window = [(p, c) for t, p, c in samples if lo <= t <= hi]
by = collections.Counter(c for p, c in window if p == jvm)
whole = sum(1 for t, p, c in samples if p == jvm)
top = ", ".join(f"{c}: {k}" for c, k in by.most_common(4)) or "none"
print(f"{sys.argv[1]:8} {sys.argv[2]}: pgolab JVM on CPU {sys.argv[3]} during the campaign ({hi - lo:.1f} s): "
      f"{sum(by.values())} ms ({top}); whole run {whole} ms; spin {len(spin)} ms")
' "$mode" "$i" "$cpu" "$out/jvm.pid"
    rm -f "$data"
  done
done
