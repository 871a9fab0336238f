#!/usr/bin/env bash
# Figures for docs/benchmarks.md, "Config loading": pgolab's guarded loader (LBench) and tomlj alone
# (Bench) on a normal config, deep nesting and a long string value; peak RSS from /usr/bin/time.
# usage: bench/config-load/run.sh   (from the repository root; needs 'time' and a built target/classes)
set -euo pipefail
cd "$(dirname "$0")/../.."
mvn -q -B -DskipTests compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
javac -d "$out" -cp "target/classes:$(cat target/cp.txt)" bench/config-load/LBench.java bench/config-load/Bench.java
cp="$out:target/classes:$(cat target/cp.txt)"
run() { /usr/bin/time -f "  peak RSS %M KiB" java -Xss1m -Xmx4g -cp "$cp" "$@"; }
echo "== pgolab's loader (size cap, nesting limit, then tomlj)"
run LBench normal
run LBench nested
run LBench string 65000
run LBench string 8388608
echo "== tomlj 1.1.1 alone"
run Bench normal src/main/resources/io/pgolab/demo/pgolab.toml
run Bench string 1048576
run Bench nested 1000 || true
