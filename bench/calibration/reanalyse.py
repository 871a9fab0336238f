#!/usr/bin/env python3
"""Re-analyse the raw per-round samples of pgolab results files with the old and the new method, without
re-measuring (issue 13, calibration study). Pure Python 3, no SciPy.

old: exp(mean ln(c_i/b_i)) with a 10 000-resample percentile bootstrap (Python's random, seed 1: not the same
     stream as pgolab's SplittableRandom, so bounds differ in the last digit) and the unpaired two-sided
     Mann-Whitney U p (exact without ties for n < 50, else normal with tie and continuity correction);
new: Hodges-Lehmann of d_i = ln(c_i/b_i), the Walsh-average interval at the signed-rank critical value and the
     two-sided Wilcoxon signed-rank p, as pgolab's stats.HodgesLehmann; checked against the file's own values
     when the file was written by a pgolab with the new method (method.estimator == "hodges-lehmann").
Verdicts as stats.Verdict (p < 0.05 and the whole CI beyond the minimum effect).

usage: reanalyse.py FILE.json...   (one line per gated comparison)
"""
import json, math, random, sys
from statistics import NormalDist

Z = NormalDist().inv_cdf(0.975)


def signrank_pmf(n):
    m = n * (n + 1) // 2
    p = [0.0] * (m + 1)
    p[0] = 1.0
    top = 0
    for r in range(1, n + 1):
        top += r
        for s in range(top, -1, -1):
            p[s] = (p[s] + (p[s - r] if s >= r else 0.0)) / 2
    return p


def crit(n):
    if n < 50:
        pmf, c, k = signrank_pmf(n), 0.0, 0
        while True:
            c += pmf[k]
            if c > 0.025:
                return max(1, k)
            k += 1
    mu, sd = n * (n + 1) / 4, math.sqrt(n * (n + 1) * (2 * n + 1) / 24)
    return max(1, math.floor(mu - Z * sd + 0.5))


def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


def wilcoxon_p(d):
    nz = [x for x in d if x != 0]
    if not nz:
        return 1.0
    n = len(nz)
    r = ranks([abs(x) for x in nz])
    w = sum(ri for ri, x in zip(r, nz) if x > 0)
    ties = len(set(abs(x) for x in nz)) < n
    if n < 50 and not ties and len(nz) == len(d):
        pmf = signrank_pmf(n)
        lo = sum(pmf[: int(w) + 1])
        hi = sum(pmf[int(w):])
        return min(1.0, 2 * min(lo, hi))
    mu = n * (n + 1) / 4
    t = sum(c ** 3 - c for c in [r.count(v) for v in set(r)])
    sd = math.sqrt(n * (n + 1) * (2 * n + 1) / 24 - t / 48)
    z = (abs(w - mu) - 0.5) / sd
    return min(1.0, 2 * (1 - NormalDist().cdf(max(z, 0))))


def new_method(b, c):
    d = sorted(math.log(y / x) for x, y in zip(b, c))
    n = len(d)
    w = sorted((d[i] + d[j]) / 2 for i in range(n) for j in range(i, n))
    m = len(w)
    hl = w[m // 2] if m % 2 else (w[m // 2 - 1] + w[m // 2]) / 2
    k = crit(n)
    return math.exp(hl), math.exp(w[k - 1]), math.exp(w[m - k]), wilcoxon_p(d)


def mann_whitney_p(b, c):
    n1, n2 = len(b), len(c)
    r = ranks(b + c)
    u = sum(r[:n1]) - n1 * (n1 + 1) / 2
    ties = len(set(b + c)) < n1 + n2
    if n1 < 50 and n2 < 50 and not ties:
        # exact: number of (b, c) orderings with U <= u, by the usual recursion on counts
        from functools import lru_cache

        @lru_cache(None)
        def cnt(i, j, s):
            if s < 0:
                return 0
            if i == 0 or j == 0:
                return 1 if s == 0 else 0
            return cnt(i - 1, j, s - j) + cnt(i, j - 1, s)
        total = math.comb(n1 + n2, n1)
        umin = min(u, n1 * n2 - u)
        lo = sum(cnt(n1, n2, s) for s in range(int(umin) + 1)) / total
        return min(1.0, 2 * lo)
    mu = n1 * n2 / 2
    nn = n1 + n2
    t = sum(c3 ** 3 - c3 for c3 in [r.count(v) for v in set(r)])
    sd = math.sqrt(n1 * n2 / 12 * ((nn + 1) - t / (nn * (nn - 1))))
    z = (abs(u - mu) - 0.5) / sd
    return min(1.0, 2 * (1 - NormalDist().cdf(max(z, 0))))


def old_method(b, c, resamples=10_000):
    d = [math.log(y / x) for x, y in zip(b, c)]
    n = len(d)
    rnd = random.Random(1)
    boot = sorted(math.exp(sum(d[rnd.randrange(n)] for _ in range(n)) / n) for _ in range(resamples))

    def q(p):
        pos = p * (len(boot) - 1)
        lo = int(pos)
        hi = min(len(boot) - 1, lo + 1)
        return boot[lo] + (boot[hi] - boot[lo]) * (pos - lo)
    return math.exp(sum(d) / n), q(0.025), q(0.975), mann_whitney_p(b, c)


def verdict(lo, hi, p, min_effect, direction, n):
    if n < 5:
        return "inconclusive"
    below, above = hi < 1 - min_effect, lo > 1 + min_effect
    if p < 0.05 and (below or above):
        better = below if direction == "lower_is_better" else above
        return "improved" if better else "regressed"
    if lo >= 1 - min_effect and hi <= 1 + min_effect:
        return "no_change"
    return "inconclusive"


def pct(x):
    return f"{(x - 1) * 100:+.2f}%"


def main(files):
    print("| file | metric | rounds | old: change [95% CI], p (Mann-Whitney) | old verdict | new: change [95% CI], p (signed-rank) | new verdict | max per-round ratio dev. |")
    print("|---|---|---|---|---|---|---|---|")
    for f in files:
        doc = json.load(open(f))
        hl_file = doc.get("method", {}).get("estimator") == "hodges-lehmann"
        for cmp in doc["comparisons"]:
            if not cmp.get("gated"):
                continue
            b, c = cmp["baseline_samples"], cmp["candidate_samples"]
            n = len(b)
            o = old_method(b, c)
            nw = new_method(b, c)
            if hl_file:
                for mine, theirs in zip(nw, (cmp["ratio"], cmp["ci_low"], cmp["ci_high"], cmp["p_value"])):
                    assert abs(mine - theirs) <= 1e-9 * max(1, abs(theirs)), (f, mine, theirs)
            me, di = cmp["min_effect"], cmp["direction"]
            dev = max(abs(y / x - 1) for x, y in zip(b, c))
            print(f"| {f.split('/')[-1]} | {cmp['metric']} | {n} | {pct(o[0])} [{pct(o[1])}, {pct(o[2])}], {o[3]:.3f} | "
                  f"{verdict(o[1], o[2], o[3], me, di, n)} | {pct(nw[0])} [{pct(nw[1])}, {pct(nw[2])}], {nw[3]:.3f} | "
                  f"{verdict(nw[1], nw[2], nw[3], me, di, n)} | {dev * 100:.1f}% |")


if __name__ == "__main__":
    main(sys.argv[1:])
