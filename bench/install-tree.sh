#!/usr/bin/env bash
# Figures for docs/benchmarks.md: publishing and checking a large install tree.
# A variant whose build installs a small C program plus FILES small files (default 50000, in 500 directories,
# each file 1 KiB of distinct content) and a sparse 1 GiB file into {installdir}. Runs 'pgolab build' three
# times and prints, for each, the wall time, pgolab's peak RSS (/usr/bin/time) and the build command's own time
# (the record's build_seconds):
#   1. first build: the build command, then the tree moved into .pgolab/bin/<key>/ and its manifest written
#   2. reuse: the whole tree checked against its manifest (every file hashed again)
#   3. reuse after a file was added to the published tree: caught, rebuilt
# and the disk use of the published sparse file (du), and the manifest's size.
# usage: bench/install-tree.sh [FILES]      work goes to /tmp/pgolab-install-tree (removed first)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
files=${1:-50000}
work=/tmp/pgolab-install-tree
rm -rf "$work"
mkdir -p "$work"
cat >"$work/app.c" <<'C'
#include <stdio.h>
int main(void) { puts("app"); return 0; }
C
cat >"$work/install.sh" <<'SH'
set -e
cc=$1; dest=$2; files=$3; src=$(dirname "$0")
mkdir -p "$dest/usr/bin" "$dest/usr/share"
$cc -O2 -o "$dest/usr/bin/app" "$src/app.c"
truncate -s 1G "$dest/usr/share/sparse.img"
# FILES files of 1 KiB each, distinct content, 100 per directory (one awk process writes them all)
awk -v dest="$dest/usr/lib/data" -v n="$files" 'BEGIN {
  pad = sprintf("%1000s", "");
  for (i = 0; i < n; i++) {
    d = dest "/d" int(i / 100);
    if (i % 100 == 0) system("mkdir -p " d);
    f = d "/f" i ".txt";
    printf "%08d%s\n", i, substr(pad, 1, 1015) > f;
    close(f);
  }
}'
SH
cat >"$work/pgolab.toml" <<TOML
[project]
name = "install-tree-bench"
variants = ["release"]

[toolchain]
kind = "gcc"

[build]
command = "sh {srcdir}/install.sh {cc} {installdir} $files"
artifact = "{installdir}/usr/bin/app"
timeout = "30m"

[[bench]]
name = "run"
command = "{binary}"
TOML
"$repo/pgolab" --version >/dev/null   # builds the jar first, outside the timings

run() {   # N label
  local t0 t1 rss log="$work/run$1.log"
  shift
  t0=$(date +%s.%N)
  /usr/bin/time -f '%M' -o "$work/time.txt" "$repo/pgolab" -C "$work" build release >"$log" 2>&1 || {
    echo "pgolab build failed ($1):" >&2; tail -20 "$log" >&2; exit 1; }
  t1=$(date +%s.%N)
  rss=$(tail -1 "$work/time.txt")
  cmd=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["build_seconds"])' "$work/.pgolab/variants/release.json")
  printf '%-34s %8.1f s wall  %7.0f MiB peak RSS  (build command %s s)\n' "$1" "$(echo "$t1 - $t0" | bc)" \
    "$(echo "$rss / 1024" | bc)" "$cmd"
}

echo "install tree: $files files of 1 KiB + a sparse 1 GiB file; $(nproc) CPUs; $(java -version 2>&1 | head -1)"
run 1 "1. first build (build + publish)"
run 2 "2. reuse (tree checked)"
tree=$(dirname "$(dirname "$(dirname "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["binary"])' \
  "$work/.pgolab/variants/release.json")")")")
echo extra >"$tree/usr/share/added.txt"
run 3 "3. a file added: caught, rebuilt"
grep -o 'usr/share/added.txt was added[^)]*)' "$work/run3.log" || true
tree=$(dirname "$(dirname "$(dirname "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["binary"])' \
  "$work/.pgolab/variants/release.json")")")")
echo "published sparse file: $(du -k --apparent-size "$tree/usr/share/sparse.img" | cut -f1) KiB apparent," \
  "$(du -k "$tree/usr/share/sparse.img" | cut -f1) KiB on disk"
echo "manifest: $(wc -l <"$tree.tree") lines, $(du -k "$tree.tree" | cut -f1) KiB"
