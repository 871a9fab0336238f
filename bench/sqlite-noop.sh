#!/usr/bin/env bash
# No-op `pgolab build` on SQLite's amalgamation: how long pgolab itself takes
# when nothing changed (JVM start, config, toolchain discovery, fingerprint of what the build read,
# integrity checks of the recorded binaries), with result files written into the project root.
#
# usage: bench/sqlite-noop.sh [RUNS] [gcc|clang]     (default 10 runs, gcc)
#
# SQLite's source comes from Debian's sqlite3 source package at run time (its pristine
# .orig.tar.xz; never committed), cached in $PGOLAB_CACHE/sources (default ~/.cache/pgolab/sources).
# The amalgamation (sqlite3.c, 9 MB) is generated from it with `make sqlite3.c` (needs tclsh).
set -euo pipefail
runs=${1:-10}
kind=${2:-gcc}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=${PGOLAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pgolab}/sources
work=${SQLITE_BENCH_DIR:-${TMPDIR:-/tmp}/pgolab-sqlite-noop}
log() { printf 'sqlite-noop: %s\n' "$*" >&2; }

tarball=$(find "$cache" -maxdepth 1 -name 'sqlite3_*.orig.tar.xz' 2>/dev/null | sort -V | tail -n 1 || true)
if [[ -z $tarball ]]; then
    mkdir -p "$cache"
    tmp=$(mktemp -d)
    sandbox=()
    [[ $(id -u) -eq 0 ]] && sandbox=(-o APT::Sandbox::User=root)
    log "downloading Debian source package sqlite3"
    (cd "$tmp" && apt-get "${sandbox[@]}" source --download-only -qq sqlite3 >&2)
    orig=$(find "$tmp" -maxdepth 1 -name 'sqlite3_*.orig.tar.xz' | sort -V | tail -n 1)
    [[ -n $orig ]] || { log "no sqlite3_*.orig.tar.xz in the source package"; exit 1; }
    cp "$orig" "$cache/"
    tarball=$cache/$(basename "$orig")
    rm -rf "$tmp"
fi

proj=$work/project
if [[ ! -f $proj/sqlite3.c ]]; then
    command -v tclsh >/dev/null || { log "generating the amalgamation needs tclsh: apt-get install -y tcl"; exit 1; }
    rm -rf "$work" && mkdir -p "$work/src" "$proj"
    tar -xJf "$tarball" -C "$work/src" --strip-components=1
    log "generating sqlite3.c"
    (cd "$work/src" && ./configure -q >/dev/null && make -s sqlite3.c shell.c >/dev/null)
    cp "$work/src/sqlite3.c" "$work/src/sqlite3.h" "$work/src/shell.c" "$proj/"
fi
cat >"$proj/pgolab.toml" <<TOML
[project]
name = "sqlite"
variants = ["release", "pgo"]

[toolchain]
kind = "$kind"

[build]
command = "{cc} -O2 {cflags} -DSQLITE_THREADSAFE=0 -c sqlite3.c -o {builddir}/sqlite3.o && {cc} -O2 {cflags} -c shell.c -o {builddir}/shell.o && {cc} {ldflags} {builddir}/sqlite3.o {builddir}/shell.o -lm -o {builddir}/sqlite3"
artifact = "{builddir}/sqlite3"

[[train]]
name = "inserts"
command = "{binary} :memory: 'create table t(a,b); with recursive c(x) as (select 1 union all select x+1 from c where x<20000) insert into t select x, x*x from c; select count(*), sum(b) from t where a % 7 = 0;'"
TOML
pgolab="$here/pgolab"
"$pgolab" --version >/dev/null    # builds the jar first if needed, outside the timings
log "first build (release + pgo, $kind): a few minutes"
"$pgolab" -C "$proj" build >/dev/null
echo "| a | b |" >"$proj/result.md"          # the README's --markdown result.md, written into the root
"$pgolab" -C "$proj" build >/dev/null 2>"$work/check.err"
if grep -q "rebuilding\|==> build .*: $kind" "$work/check.err"; then
    log "a no-op build rebuilt something:"; cat "$work/check.err" >&2; exit 1
fi
times=()
for ((i = 1; i <= runs; i++)); do
    s=$(date +%s%N)
    "$pgolab" -C "$proj" build >/dev/null 2>&1
    e=$(date +%s%N)
    times+=("$(( (e - s) / 1000000 ))")
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
median=$(echo "$sorted" | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')
echo "no-op pgolab build on SQLite $(basename "$tarball" | sed 's/sqlite3_//; s/.orig.tar.xz//') amalgamation ($kind, release + pgo):" \
     "median ${median} ms, min $(echo "$sorted" | head -n1) ms, max $(echo "$sorted" | tail -n1) ms over $runs runs" \
     "(wall time of the whole command, JVM start included); load average $(cut -d' ' -f1-3 /proc/loadavg)"
