#!/usr/bin/env bash
# Flap rate of gate verdicts (the sequential rule, "decide, then stop"): the demo (`pgolab demo --write-only`) as a git
# repository of three commits: base; a comment-only change; about 5% more work in bench mode (SIZE + SIZE/20 units).
# Gates the comment-only commit against base N times and the +5% commit against the comment-only one N times, all
# at pgolab's defaults (both variants of the demo, release and pgo; bound 2%; --max-time 300s per workload), and
# prints each gate's verdict and time to verdict (the workload's look_seconds of its last decided measure, else its
# campaign time), then the verdict counts and the median and maximum time to verdict of each pair.
# The builds are made once (the first gate of each commit) and reused by the later gates, as a CI runner would.
# usage: bench/flap.sh [N] [EXTRA GATE OPTIONS...]   N: gates per pair, default 10. Files under bench/out/flap/.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-10}
shift || true
out="$PWD/bench/out/flap"
repo=/tmp/pgolab-bench-flap
rm -rf "$repo" "$out"
mkdir -p "$out"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.org GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.org
./pgolab demo --write-only --dir "$repo" >/dev/null
printf '.pgolab/\n' > "$repo/.gitignore"
git -C "$repo" init -q -b main && git -C "$repo" add -A && git -C "$repo" commit -qm base
sed -i 's#^/\* uniform in \[0, n), and skewed#/* uniform in [0, n) (comment edited), and skewed#' "$repo/demo.c"
git -C "$repo" commit -qam "comment only"
sed -i 's#if (bench) run_workload(&SHAPE_BENCH, size,#if (bench) run_workload(\&SHAPE_BENCH, size + size / 20, /* about 5% more work */#' "$repo/demo.c"
grep -q 'about 5% more work' "$repo/demo.c" || { echo "flap.sh: the +5% edit did not apply to demo.c" >&2; exit 2; }
git -C "$repo" commit -qam "5% more work"

gate() {   # label, base, candidate, i
  local json="$out/$1-$4.json" start end rc
  start=$(date +%s.%N)
  set +e
  ./pgolab -C "$repo" gate --base "$2" --candidate "$3" --json "$json" "${@:5}" >"$out/$1-$4.txt" 2>"$out/$1-$4.err"
  rc=$?
  set -e
  end=$(date +%s.%N)
  python3 - "$json" "$1" "$4" "$rc" "$start" "$end" <<'P' | tee -a "$out/index.tsv"
import json, sys
f, label, i, rc, start, end = sys.argv[1:]
try:
    d = json.load(open(f))
except Exception as e:
    print(f"{label}\t{i}\terror\t{rc}\t-\t{float(end) - float(start):.0f}\tno results ({e})")
    sys.exit()
g = d["gate"]
verdict = "within_bounds" if g["passed"] else ("out_of_bounds" if g["measures_out_of_bounds"] else "inconclusive")
# time to verdict: per workload, the campaign's time at the look that decided its last measure (the stop), summed
t = sum(max([c.get("look_seconds") or 0 for c in w["comparisons"]] + [0]) or w["elapsed_seconds"] for w in d["workloads"])
stops = " | ".join(w["stop_reason"] for w in d["workloads"])
print(f"{label}\t{i}\t{verdict}\t{rc}\t{t:.1f}\t{float(end) - float(start):.0f}\t{stops}")
P
}

printf 'pair\trun\tverdict\texit\tseconds_to_verdict\twall_seconds\tstop\n' > "$out/index.tsv"
echo "flap: $n gates per pair, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
for i in $(seq 1 "$n"); do
  gate comment HEAD~2 HEAD~1 "$i" "$@"
  gate slow5 HEAD~1 HEAD "$i" "$@"
done
python3 - "$out/index.tsv" <<'P'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
for pair, want in (("comment", "within_bounds"), ("slow5", "out_of_bounds")):
    r = [x for x in rows if x["pair"] == pair]
    if not r:
        continue
    counts = {}
    for x in r:
        counts[x["verdict"]] = counts.get(x["verdict"], 0) + 1
    t = [float(x["seconds_to_verdict"]) for x in r if x["seconds_to_verdict"] != "-"]
    print(f"{pair}: {counts.get(want, 0)}/{len(r)} {want}; verdicts {counts}; time to verdict median"
          f" {statistics.median(t):.0f}s, max {max(t):.0f}s" if t else f"{pair}: no results")
P
