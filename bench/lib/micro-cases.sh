# shellcheck shell=bash
# Sourced by bench/micro-5pct.sh and bench/micro-5pct-criterion.sh: the gate cases (a: no busy neighbour, b: one,
# c: four) on a two-commit repository whose candidate slows one benchmark, and each case's verdict per benchmark.
# run_cases CASES PGOLAB REPO MAX_TIME OUT SLOW [gate options...]: SLOW is the metric the candidate slows down.
run_cases() {
local cases=$1 pgolab=$2 repo=$3 max_time=$4 out=$5 slow=$6
shift 6
hogs=()
stop_hogs() { for p in "${hogs[@]}"; do kill "$p" 2>/dev/null || true; done; hogs=(); }
trap stop_hogs EXIT
for c in $cases; do
  case "$c" in a) n=0 ;; b) n=1 ;; c) n=4 ;; *) echo "unknown case $c (a, b or c)" >&2; exit 2 ;; esac
  for ((i = 0; i < n; i++)); do yes > /dev/null & hogs+=($!); done
  echo "### case $c: $n busy neighbours, bound 3%, cap $max_time ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
  t0=$(date +%s)
  set +e
  "$pgolab" -C "$repo" gate --base HEAD~1 --max-time "$max_time" --json "$out/$c.json" --verdict "$out/$c-verdict.json" \
    "$@" > "$out/$c.txt" 2>&1
  rc=$?
  set -e
  t1=$(date +%s)
  stop_hogs
  python3 - "$out/$c-verdict.json" "$rc" "$((t1 - t0))" "$slow" <<'P' || tail -20 "$out/$c.txt"
import json, sys
v = json.load(open(sys.argv[1]))
print(f"exit {sys.argv[2]}, {sys.argv[3]} s in all (builds included)")
for m in v["measures"]:
    if not m["metric"].startswith("micro."):
        continue
    want = "out_of_bounds" if m["metric"] == sys.argv[4] else "within_bounds"
    mark = "ok" if m["verdict"] == want else "WRONG" if m["verdict"] != "inconclusive" else "undecided"
    print(f"  {m['metric']:16} {m['verdict']:14} {m['change_percent']:+6.1f}% [{m['ci_low_percent']:+.1f}%, "
          f"{m['ci_high_percent']:+.1f}%] {m['rounds']} rounds  {mark}")
P
  grep -E "^  decisions" "$out/$c.txt" || true
done
}
