#!/usr/bin/env python3
"""Which estimator of the change is most precise on the study's own samples (issue 13): for every group of runs
(program and kind) the mean and the run-to-run standard deviation, in percent, of four estimates of the same ratio:
the Hodges-Lehmann estimate of the paired per-round log ratios (pgolab's), the ratio of the subjects' 10th and 25th
percentiles (the "fastest runs" estimators, unpaired) and the ratio of medians (unpaired). The smaller the standard
deviation across repeated runs, the narrower an honest interval can be; the mean shows bias against the true ratio.

usage: estimators.py DIR   (DIR as for analyse.py)
"""
import glob, json, math, os, statistics, sys


def q(xs, p):
    xs = sorted(xs)
    i = p * (len(xs) - 1)
    f = int(i)
    return xs[f] + (xs[min(f + 1, len(xs) - 1)] - xs[f]) * (i - f)


def main(directory):
    print("| program | kind | runs | Hodges-Lehmann (paired) mean / sd | 10th percentiles mean / sd "
          "| 25th percentiles mean / sd | medians mean / sd |")
    print("|---|---|---|---|---|---|---|")
    groups = {}
    for f in glob.glob(os.path.join(directory, "*.json")):
        prog, kind = os.path.basename(f).split("-")[:2]
        groups.setdefault((prog, kind), []).append(f)
    for (prog, kind), fs in sorted(groups.items()):
        est = {"hl": [], "q10": [], "q25": [], "med": []}
        for f in fs:
            c = [x for x in json.load(open(f))["comparisons"] if x["metric"] == "cpu_time"][0]
            b, x = c["baseline_samples"], c["candidate_samples"]
            est["hl"].append(100 * math.log(c["ratio"]))
            est["q10"].append(100 * math.log(q(x, .1) / q(b, .1)))
            est["q25"].append(100 * math.log(q(x, .25) / q(b, .25)))
            est["med"].append(100 * math.log(statistics.median(x) / statistics.median(b)))
        cells = " | ".join(f"{statistics.mean(v):+.2f}% / {statistics.pstdev(v):.2f}%" for v in est.values())
        print(f"| {prog} | {kind} | {len(fs)} | {cells} |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    main(sys.argv[1])
