#!/usr/bin/env bash
# What integrity checking costs: a no-op 'pgolab build' of a small and of a bigger gcc
# project (release + pgo), timed with hyperfine, with this pgolab and optionally an older jar, plus
# the bare hashing time of the files a no-op build checks (binaries of release, instrumented, pgo and
# the merged profile).
# usage: bench/integrity.sh [OLD_JAR]     Output in bench/out/integrity/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=bench/out/integrity
rm -rf "$out"; mkdir -p "$out"
./pgolab --version >/dev/null
cp target/launch/pgolab.jar "$out/new.jar"
jars=(new); [ $# -ge 1 ] && { cp "$1" "$out/old.jar"; jars+=(old); }

project() {   # project DIR BLOB_BYTES: the tiny C program, with a read-only blob to make the binary big
  mkdir -p "$1"
  cat > "$1/hot.c" <<C
#include <stdio.h>
#include <stdlib.h>
static const unsigned char blob[$2 + 1] = {1, 2, 3};
__attribute__((noinline)) int hot_loop(int n) { int s = 0; for (int i = 0; i < n; i++) s += (i % 7 == 0) ? i * 7 + 3 : i ^ s; return s; }
int main(int argc, char **argv) { int n = argc > 2 ? atoi(argv[2]) : 100000; printf("result=%d %d\n", hot_loop(n), blob[(unsigned) n % ($2 + 1)]); return 0; }
C
  cat > "$1/pgolab.toml" <<T
[project]
name = "cost"
variants = ["release", "pgo"]
[toolchain]
kind = "gcc"
[build]
command = "{cc} -O2 {cflags} -c {srcdir}/hot.c -o {builddir}/hot.o && {cc} {ldflags} {builddir}/hot.o -o {builddir}/hot"
artifact = "{builddir}/hot"
[[train]]
name = "hot"
command = "{binary} run 300000"
T
}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for size in small big; do
  blob=$([ $size = small ] && echo 16 || echo $((6 * 1024 * 1024)))
  for j in "${jars[@]}"; do
    d="$PWD/$out/$size-$j"
    project "$d" "$blob"
    java -jar "$out/$j.jar" -C "$d" build >/dev/null 2>&1
  done
  d="$PWD/$out/$size-new"
  files=$(cd "$d" && for v in release instrumented pgo; do
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["binary"])' ".pgolab/variants/$v.json"; done;
    python3 -c 'import json; print(json.load(open(".pgolab/profiles/current.json"))["profile"])')
  echo "$size: binary $(stat -c %s "$(echo "$files" | head -1)") bytes"
  java -cp "$out/new.jar" bench/integrity/HashCost.java $files
  cmds=(); for j in "${jars[@]}"; do cmds+=("java -jar $out/$j.jar -C $PWD/$out/$size-$j build"); done
  hyperfine -N --warmup 2 --runs "${RUNS:-20}" --export-json "$out/$size.json" "${cmds[@]}"
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
