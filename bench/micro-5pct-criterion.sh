#!/usr/bin/env bash
# The criterion side of bench/micro-5pct.sh: a tiny Rust crate (criterion 0.5 from the crate registry) whose suite
# has two benchmarks, `sum` and `hash`; in the second commit `hash` does 5% more work (an extra pass over 1/20 of its
# data), `sum` is unchanged. Each build is run by hand 5 times first (the median of criterion's samples per
# benchmark), then `pgolab gate` with a 3% bound on both runs (a) quiet, (b) beside one busy process, (c) beside
# four. Per case: each benchmark's verdict and 95% CI, and the time to the verdict.
# usage: bench/micro-5pct-criterion.sh [CASES] [EXTRA GATE OPTIONS...]; MAX_TIME (default 180s), PGOLAB, OUT, REPO
# as in micro-5pct.sh. The crate's dependencies are built once in a target directory kept between runs
# (TARGET, default /tmp/pgolab-bench-criterion-target); the gate's two builds share it under a lock.
set -euo pipefail
cd "$(dirname "$0")/.."
here="$PWD"
out="${OUT:-$here/bench/out/micro-5pct-criterion}"
repo="${REPO:-/tmp/pgolab-bench-micro-5pct-criterion}"
target="${TARGET:-/tmp/pgolab-bench-criterion-target}"
cases="${1:-a b c}"
[ $# -gt 0 ] && shift
max_time="${MAX_TIME:-180s}"
pgolab="${PGOLAB:-$here/pgolab}"
rm -rf "$repo" "$out"
mkdir -p "$repo/src" "$out" "$target"
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.org GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.org
cat > "$repo/Cargo.toml" <<'TOML'
[package]
name = "critsuite"
version = "0.1.0"
edition = "2021"

[dependencies]
criterion = { version = "0.5", default-features = false }
TOML
cat > "$repo/src/main.rs" <<'RS'
use criterion::{black_box, criterion_group, criterion_main, Criterion};

fn sum(v: &[u64]) -> u64 {
    v.iter().map(|x| x >> 3).sum()
}

fn hash(v: &[u64]) -> u64 {
    let mut h: u64 = 1469598103934665603;
    for &x in v {
        h = (h ^ x).wrapping_mul(1099511628211);
    }
    /* EXTRA */
    h
}

fn bench(c: &mut Criterion) {
    let v: Vec<u64> = (0..4000u64).map(|i| i.wrapping_mul(2654435761)).collect();
    c.bench_function("sum", |b| b.iter(|| sum(black_box(&v))));
    c.bench_function("hash", |b| b.iter(|| hash(black_box(&v))));
}

criterion_group!(benches, bench);
criterion_main!(benches);
RS
cat > "$repo/pgolab.toml" <<TOML
[project]
name = "micro-5pct-criterion"
variants = ["release"]

[toolchain]
kind = "gcc"

[build]
# touch: the shared target directory's fingerprint would otherwise take the other commit's build as fresh (tried:
# both gate builds gave the same binary, and pgolab warned "identical binaries")
command = "flock $target/.lock sh -c 'cd {srcdir} && touch src/main.rs && CARGO_TARGET_DIR=$target cargo build --release -q && cp $target/release/critsuite {builddir}/critsuite'"
artifact = "{builddir}/critsuite"

[[bench]]
name = "micro"
command = "{binary} --bench --noplot --warm-up-time 0.2 --measurement-time 1 --sample-size 10"
parser = "criterion"
bound = { micro = 3 }
TOML
printf '.pgolab/\ntarget/\nCargo.lock\n' > "$repo/.gitignore"
git -C "$repo" init -q -b main && git -C "$repo" add -A && git -C "$repo" commit -qm base
sed -i 's#/\* EXTRA \*/#for \&x in \&v[..v.len() / 20] { h = (h ^ x).wrapping_mul(1099511628211); } // 5% more#' "$repo/src/main.rs"
git -C "$repo" commit -qam "hash: 5% more work"

echo "### by hand: each build run 5 times, the median of criterion's samples in ns ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
for c in base cand; do
  ref=HEAD; [ "$c" = base ] && ref=HEAD~1
  git -C "$repo" show "$ref:src/main.rs" > "$repo/src/main.rs"
  (cd "$repo" && CARGO_TARGET_DIR="$target" cargo build --release -q && cp "$target/release/critsuite" "$out/$c")
done
git -C "$repo" checkout -q -- src/main.rs
for i in 1 2 3 4 5; do
  for c in base cand; do
    rm -rf "$out/home-$c-$i"
    CRITERION_HOME="$out/home-$c-$i" "$out/$c" --bench --noplot --warm-up-time 0.2 --measurement-time 1 --sample-size 10 \
      > /dev/null 2>&1
  done
done
python3 - "$out" <<'P'
import json, sys, statistics
out = sys.argv[1]
def med(c, i, name):
    d = json.load(open(f"{out}/home-{c}-{i}/{name}/new/sample.json"))
    return statistics.median(t / n for n, t in zip(d["iters"], d["times"]))
for name in ("hash", "sum"):
    row = {c: [med(c, i, name) for i in range(1, 6)] for c in ("base", "cand")}
    ratios = [x / b - 1 for b, x in zip(row["base"], row["cand"])]
    print(f"{name}: base {' '.join(f'{v:.0f}' for v in row['base'])}; candidate {' '.join(f'{v:.0f}' for v in row['cand'])};"
          f" change per run {' '.join(f'{100 * r:+.1f}%' for r in ratios)} (median {100 * statistics.median(ratios):+.1f}%)")
P

# shellcheck source-path=SCRIPTDIR source=lib/micro-cases.sh
source "$(dirname "$0")/lib/micro-cases.sh"
run_cases "$cases" "$pgolab" "$repo" "$max_time" "$out" micro.hash "$@"
