#!/usr/bin/env bash
# Can pgolab see a 5% regression in one benchmark of a Google Benchmark suite on a shared machine?
# Builds a small C++ suite (libbenchmark-dev) of three benchmarks at two commits: in the second, BM_Hash does
# 5% more work (an extra pass over 1/20 of its data, the same dependent xor-multiply), BM_Sum and BM_Fib are
# unchanged. Each build is first run by hand 5 times (its own cpu_time per benchmark, to check the 5%), then
# `pgolab gate` with a 3% bound on every benchmark runs (a) on a quiet machine, (b) beside one busy process
# (`yes > /dev/null`), (c) beside four. Per case it prints each benchmark's verdict and 95% CI, and the time to
# the verdict. The bar: BM_Hash out of bounds and the others within bounds in (a) and (b); in (c) no wrong verdict.
# usage: bench/micro-5pct.sh [CASES] [EXTRA GATE OPTIONS...]   CASES: e.g. "a b c" (default), or "c".
# MAX_TIME (default 180s) caps each gate's workload; PGOLAB another launcher. Outputs go to OUT (default
# bench/out/micro-5pct/), the repository to REPO (default /tmp/pgolab-bench-micro-5pct).
set -euo pipefail
cd "$(dirname "$0")/.."
here="$PWD"
out="${OUT:-$here/bench/out/micro-5pct}"
repo="${REPO:-/tmp/pgolab-bench-micro-5pct}"
cases="${1:-a b c}"
[ $# -gt 0 ] && shift
max_time="${MAX_TIME:-180s}"
pgolab="${PGOLAB:-$here/pgolab}"   # another launcher (e.g. a copy of an older build) through PGOLAB
rm -rf "$repo" "$out"
mkdir -p "$repo" "$out"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.org GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.org
cat > "$repo/suite.cc" <<'CC'
#include <benchmark/benchmark.h>
#include <cstdint>
#include <vector>

static std::vector<uint64_t> data(size_t n) {
    std::vector<uint64_t> v(n);
    for (size_t i = 0; i < n; i++) v[i] = i * 2654435761u;
    return v;
}

static void BM_Sum(benchmark::State& st) {
    auto v = data(8000);
    for (auto _ : st) {
        uint64_t s = 0;
        for (uint64_t x : v) s += x >> 3;
        benchmark::DoNotOptimize(s);
    }
}
BENCHMARK(BM_Sum);

static uint64_t fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static void BM_Fib(benchmark::State& st) {
    for (auto _ : st) benchmark::DoNotOptimize(fib(18));
}
BENCHMARK(BM_Fib);

// last in the file: its extra loop in the candidate moves no other benchmark's code
static void BM_Hash(benchmark::State& st) {
    auto v = data(4000);
    for (auto _ : st) {
        uint64_t h = 1469598103934665603ull;
        for (uint64_t x : v) h = (h ^ x) * 1099511628211ull;
        /* EXTRA */
        benchmark::DoNotOptimize(h);
    }
}
BENCHMARK(BM_Hash);

BENCHMARK_MAIN();
CC
cat > "$repo/pgolab.toml" <<'TOML'
[project]
name = "micro-5pct"
variants = ["release"]

[toolchain]
kind = "gcc"

[build]
command = "g++ -O2 {srcdir}/suite.cc -o {builddir}/suite -lbenchmark -lpthread"
artifact = "{builddir}/suite"

[[bench]]
name = "micro"
command = "{binary} --benchmark_format=json --benchmark_repetitions=5 --benchmark_min_time=0.05"
parser = "google-benchmark"
bound = { micro = 3 }
TOML
printf '.pgolab/\n' > "$repo/.gitignore"
git -C "$repo" init -q -b main && git -C "$repo" add -A && git -C "$repo" commit -qm base
sed -i 's#/\* EXTRA \*/#for (size_t i = 0; i < v.size() / 20; i++) h = (h ^ v[i]) * 1099511628211ull;  /* 5% more */#' \
  "$repo/suite.cc"
git -C "$repo" commit -qam "BM_Hash: 5% more work"

echo "### by hand: each build run 5 times, cpu_time per benchmark in ns ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
for c in base cand; do
  ref=HEAD; [ "$c" = base ] && ref=HEAD~1
  git -C "$repo" show "$ref:suite.cc" > "$out/$c.cc"
  g++ -O2 "$out/$c.cc" -o "$out/$c" -lbenchmark -lpthread
done
for i in 1 2 3 4 5; do
  for c in base cand; do
    "$out/$c" --benchmark_format=json --benchmark_min_time=0.3 2>/dev/null > "$out/hand-$c-$i.json"
  done
done
python3 - "$out" <<'P'
import json, sys, statistics
out = sys.argv[1]
for name in ("BM_Hash", "BM_Sum", "BM_Fib"):
    row = {}
    for c in ("base", "cand"):
        row[c] = [next(b["cpu_time"] for b in json.load(open(f"{out}/hand-{c}-{i}.json"))["benchmarks"] if b["name"] == name)
                  for i in range(1, 6)]
    ratios = [x / b - 1 for b, x in zip(row["base"], row["cand"])]
    print(f"{name}: base {' '.join(f'{v:.0f}' for v in row['base'])}; candidate {' '.join(f'{v:.0f}' for v in row['cand'])};"
          f" change per run {' '.join(f'{100 * r:+.1f}%' for r in ratios)} (median {100 * statistics.median(ratios):+.1f}%)")
P

# shellcheck source-path=SCRIPTDIR source=lib/micro-cases.sh
source "$(dirname "$0")/lib/micro-cases.sh"
run_cases "$cases" "$pgolab" "$repo" "$max_time" "$out" micro.BM_Hash "$@"
