#!/usr/bin/env python3
"""Tables of the calibration study (issue 13) from the files bench/calibration/run.sh wrote.

For every run it reads the gated cpu_time comparison of the results JSON (ratio, 95% CI, p, verdict, rounds) and
the index line (program, kind, load average at the start). A/A runs give the CI coverage (share of intervals that
contain 1.0), the false-verdict rate (improved or regressed) and the half-width distribution; runs with a known
slowdown of k% more work give the detection rate (share called `regressed`). Rates come with a Clopper-Pearson 95%
interval, so that "0 of 100" reads as what it is (at most 3.6%, not 0%).

TRUE (optional, "prog:kind=ratio,..."): the slowdown each kind really is, e.g. measured instruction ratios from
callgrind; the detection table then also says how often the CI contained it.

OLD (--old): the same tables for the method of pgolab 0.1 (geometric mean of the per-round ratios, percentile
bootstrap CI, unpaired Mann-Whitney p; reanalyse.py's re-implementation), applied to the same samples. The runs
stopped by the new method's rule, so this compares the two analyses of one data set, not two campaigns.

SPLIT (--split-load X): A/A rows per program also for runs started at a 1-minute load average below X and at or
above it (the load the index recorded when each run started).

SPLIT (--split-cv X): the same per program for runs whose baseline varied less than X% round to round (its
coefficient of variation, what the report's noise line prints) and the others: the machine's noisy phases.

usage: analyse.py DIR [--true demo:+3=1.0291,...] [--old] [--split-load X] [--split-cv X]   (DIR holds index.tsv and the JSON files)
Pure Python 3, no SciPy.
"""
import csv, json, math, os, statistics, sys


def beta_inc(a, b, x):
    """Regularised incomplete beta I_x(a, b) (continued fraction, Numerical Recipes' betacf)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    lbeta = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x)
    if x > (a + 1) / (a + b + 2):
        return 1 - beta_inc(b, a, 1 - x)
    qab, qap, qam = a + b, a + 1, a - 1
    c, d = 1.0, 1 - qab * x / qap
    d = 1 / (d if abs(d) > 1e-300 else 1e-300)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
            d = 1 + aa * d
            d = 1 / (d if abs(d) > 1e-300 else 1e-300)
            c = 1 + aa / c
            c = c if abs(c) > 1e-300 else 1e-300
            h *= d * c
        if abs(d * c - 1) < 1e-12:
            break
    return math.exp(lbeta) * h / a


def beta_quantile(p, a, b):
    lo, hi = 0.0, 1.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if beta_inc(a, b, mid) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def clopper_pearson(k, n):
    lo = 0.0 if k == 0 else beta_quantile(0.025, k, n - k + 1)
    hi = 1.0 if k == n else beta_quantile(0.975, k + 1, n - k)
    return lo, hi


def rate(k, n):
    if n == 0:
        return "-"
    lo, hi = clopper_pearson(k, n)
    return f"{k}/{n} = {100 * k / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def pct(x):
    return f"{x:.2f}%"


def quantile(xs, q):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    i = q * (len(xs) - 1)
    f = math.floor(i)
    return xs[f] + (xs[min(f + 1, len(xs) - 1)] - xs[f]) * (i - f)


def load_runs(directory, old=False):
    runs = []
    with open(os.path.join(directory, "index.tsv")) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            path = os.path.join(directory, row["file"])
            if not os.path.exists(path):
                runs.append(dict(row, missing=True))
                continue
            doc = json.load(open(path))
            gated = [c for c in doc["comparisons"] if c["metric"] == "cpu_time"]
            if len(gated) != 1:
                raise SystemExit(f"{path}: expected one cpu_time comparison, found {len(gated)}")
            c = gated[0]
            if old:
                c = old_analysis(c)
            w = doc["workloads"][0]
            noise = w.get("round_noise", [])
            runs.append(dict(row, missing=False, ratio=c["ratio"], lo=c["ci_low"], hi=c["ci_high"], p=c["p_value"],
                             verdict=c["verdict"], rounds=c["rounds"],
                             half=(c["ci_high"] - c["ci_low"]) / 2 * 100,
                             phase=sum(1 for r in noise if r.get("phase_change")),
                             steal=max((r.get("steal_percent", 0) for r in noise), default=0.0),
                             median=c["baseline_median"], cv=c["baseline_cv"],
                             target="target reached" in w["stop_reason"],
                             decided=w["stop_reason"].startswith("decided"),
                             # the sequential rule's time to the look that decided it (files before it: the run's time)
                             look=c.get("look_seconds") or float(row["seconds"])))
    return runs


def old_analysis(c):
    """The comparison c as pgolab 0.1 analysed it (see reanalyse.py), with the same samples and minimum effect."""
    import reanalyse
    b, x = c["baseline_samples"], c["candidate_samples"]
    ratio, lo, hi, p = reanalyse.old_method(b, x)
    return dict(c, ratio=ratio, ci_low=lo, ci_high=hi, p_value=p,
                verdict=reanalyse.verdict(lo, hi, p, c["min_effect"], c["direction"], len(b)))


def aa_table(runs, split_load=None, split_cv=None):
    print("| program | A/A runs | CI contains 1.0 | false verdicts (improved/regressed) | no_change / inconclusive "
          "| half-width median / p90 / max | rounds median | target ±0.5% reached | decided (stopped at a look) "
          "| seconds to the decision median | seconds median | load median |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    groups = {}
    for r in runs:
        groups.setdefault(r["program"], []).append(r)
    if split_load is not None:
        for prog in sorted(set(r["program"] for r in runs)):
            for label, keep in ((f"{prog}, load < {split_load:g}", lambda r: float(r["load1"]) < split_load),
                                (f"{prog}, load >= {split_load:g}", lambda r: float(r["load1"]) >= split_load)):
                rs = [r for r in runs if r["program"] == prog and keep(r)]
                if rs:
                    groups[label] = rs
    if split_cv is not None:
        for prog in sorted(set(r["program"] for r in runs)):
            for label, keep in ((f"{prog}, baseline CV < {split_cv:g}%", lambda r: 100 * r["cv"] < split_cv),
                                (f"{prog}, baseline CV >= {split_cv:g}%", lambda r: 100 * r["cv"] >= split_cv)):
                rs = [r for r in runs if r["program"] == prog and keep(r)]
                if rs:
                    groups[label] = rs
    groups["all"] = list(runs)
    for prog, rs in groups.items():
        n = len(rs)
        cover = sum(1 for r in rs if r["lo"] <= 1.0 <= r["hi"])
        false = sum(1 for r in rs if r["verdict"] in ("improved", "regressed"))
        nc = sum(1 for r in rs if r["verdict"] == "no_change")
        inc = sum(1 for r in rs if r["verdict"] == "inconclusive")
        hw = [r["half"] for r in rs]
        print(f"| {prog} | {n} | {rate(cover, n)} | {rate(false, n)} | {nc} / {inc} "
              f"| {pct(quantile(hw, .5))} / {pct(quantile(hw, .9))} / {pct(max(hw))} "
              f"| {statistics.median(r['rounds'] for r in rs):g} | {sum(r['target'] for r in rs)} "
              f"| {sum(r['decided'] for r in rs)} | {statistics.median(r['look'] for r in rs):.1f} "
              f"| {statistics.median(float(r['seconds']) for r in rs):g} "
              f"| {statistics.median(float(r['load1']) for r in rs):.2f} |")


def detection_table(runs, truth, split_cv=None):
    print("| program | slowdown (more work) | runs | called `regressed` | inconclusive / no_change / improved "
          "| estimate median | CI contains the true ratio | half-width median | seconds to the decision median / max |")
    print("|---|---|---|---|---|---|---|---|---|")
    groups = {}
    for r in runs:
        groups.setdefault((r["program"], r["kind"]), []).append(r)
        if split_cv is not None:
            tag = f"{r['program']}, CV {'<' if 100 * r['cv'] < split_cv else '>='} {split_cv:g}%"
            groups.setdefault((tag, r["kind"]), []).append(r)
    for (prog, kind), rs in sorted(groups.items(), key=lambda kv: (kv[0][0], float(kv[0][1]))):
        n = len(rs)
        reg = sum(1 for r in rs if r["verdict"] == "regressed")
        inc = sum(1 for r in rs if r["verdict"] == "inconclusive")
        nc = sum(1 for r in rs if r["verdict"] == "no_change")
        imp = sum(1 for r in rs if r["verdict"] == "improved")
        true = truth.get(f"{prog.split(',')[0]}:{kind}")
        contains = rate(sum(1 for r in rs if r["lo"] <= true <= r["hi"]), n) if true else "-"
        label = kind + "%" + (f" (true {100 * (true - 1):+.2f}%)" if true else "")
        print(f"| {prog} | {label} | {n} | {rate(reg, n)} | {inc} / {nc} / {imp} "
              f"| {100 * (statistics.median(r['ratio'] for r in rs) - 1):+.2f}% | {contains} "
              f"| {pct(quantile([r['half'] for r in rs], .5))} "
              f"| {statistics.median(r['look'] for r in rs):.1f} / {max(r['look'] for r in rs):.1f} |")


def main():
    args = sys.argv[1:]
    if not args:
        raise SystemExit(__doc__)
    truth = {}
    if "--true" in args:
        i = args.index("--true")
        for item in args[i + 1].split(","):
            k, v = item.split("=")
            truth[k] = float(v)
        del args[i:i + 2]
    split_load = None
    if "--split-load" in args:
        i = args.index("--split-load")
        split_load = float(args[i + 1])
        del args[i:i + 2]
    split_cv = None
    if "--split-cv" in args:
        i = args.index("--split-cv")
        split_cv = float(args[i + 1])
        del args[i:i + 2]
    old = "--old" in args
    if old:
        args.remove("--old")
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        print("OLD METHOD (pgolab 0.1: geometric mean, bootstrap CI, Mann-Whitney p) on the same samples")
    runs = load_runs(args[0], old)
    missing = [r["file"] for r in runs if r["missing"]]
    failed = [r["file"] for r in runs if not r["missing"] and r["exit"] not in ("0", "1")]
    runs = [r for r in runs if not r["missing"]]
    aa = [r for r in runs if r["kind"] == "aa"]
    slow = [r for r in runs if r["kind"] != "aa"]
    first, last = min(int(r["start"]) for r in runs), max(int(r["start"]) + int(r["seconds"]) for r in runs)
    print(f"{len(runs)} runs from {os.path.abspath(args[0])}, {(last - first) / 60:.0f} minutes; "
          f"missing results: {len(missing)}; exit codes other than 0/1: {len(failed)}")
    print()
    print("A/A (the same command under two labels; cpu_time, 95% CI, rates with their Clopper-Pearson 95% interval):")
    print()
    aa_table(aa, split_load, split_cv)
    print()
    print("Known slowdowns:")
    print()
    detection_table(slow, truth, split_cv)
    print()
    wild = [r for r in aa if not r["lo"] <= 1.0 <= r["hi"]]
    for r in wild:
        print(f"A/A interval without 1.0: {r['file']} {100 * (r['ratio'] - 1):+.2f}% "
              f"[{100 * (r['lo'] - 1):+.2f}%, {100 * (r['hi'] - 1):+.2f}%] p={r['p']:.3f} {r['verdict']} "
              f"rounds={r['rounds']} phase changes={r['phase']} load={r['load1']}")
    print(f"runs with phase-change rounds flagged: {sum(1 for r in runs if r['phase'])}; "
          f"largest steal in a round: {max(r['steal'] for r in runs):.1f}%")


if __name__ == "__main__":
    main()
