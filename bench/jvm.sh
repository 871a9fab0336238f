#!/usr/bin/env bash
# Figures for docs/benchmarks.md: the jvm toolchain on google-java-format 1.28.0 (Maven Central, fetched at
# run time), ladder release -> cds -> aot on JDK 25 (wall_time and first_output_time), trained on two of pgolab's main sources,
# measured on two held-out test sources. Run from anywhere; the example runs in place
# (examples/google-java-format/.pgolab, git-ignored).
# usage: bench/jvm.sh [EXTRA LADDER OPTIONS...]   (default budget 90s per workload). JSON/Markdown go to bench/out/.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p bench/out
ex=examples/google-java-format
"$ex/fetch.sh" >/dev/null
echo "### google-java-format 1.28.0, $(/usr/lib/jvm/temurin-25-jdk-amd64/bin/java -version 2>&1 | sed -n 2p) ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs)"
echo "command: ./pgolab -C $ex ladder --primary wall_time,first_output_time --min-rounds 10 --max-rounds 30 --budget 90s $*"
./pgolab -C "$ex" ladder --primary wall_time,first_output_time --min-rounds 10 --max-rounds 30 --budget 90s \
    --json "$PWD/bench/out/jvm-ladder.json" --markdown "$PWD/bench/out/jvm-ladder.md" "$@" 2>/dev/null
python3 - "$PWD/bench/out/jvm-ladder.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("medians (s) and paired change vs release:")
for c in d["bench"]["comparisons"]:
    if c["metric"] in ("wall_time", "first_output_time"):
        print(f'  {c["metric"]:17} {c["workload"]:12} {c["baseline"]:8} {c["baseline_median"]:.3f}  {c["candidate"]:5} {c["candidate_median"]:.3f}'
              f'  {100 * (c["candidate_median"] / c["baseline_median"] - 1):+.1f}% (median)  ratio {c["ratio"]:.3f}'
              f'  {c["verdict"]}  ({c["rounds"]} rounds)')
for v in d["variants"]:
    print(f'  {v["name"]:8} build {v["build_seconds"]:.1f}s  size {v["binary_bytes"] / 1048576:.1f} MiB (classpath copy + launcher + archive)')
PY
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
