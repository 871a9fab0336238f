#!/usr/bin/env bash
# First contact on real C/C++ trees pgolab was never tuned on: for each tree of bench/init-corpus.list,
# 'pgolab init' and then 'pgolab build release' on the unedited starter, and the -O level release compiled
# with (from the compile audit's record, .pgolab/audit/release.json) beside the -O level of the project's own
# default build (its documented way, in a scratch copy, every compile recorded by a compiler wrapper on PATH).
# Prints one table row per tree: tree, build system, init+build ok?, project's -O, release's -O, equal?
# usage: bench/init-corpus.sh [--toolchain gcc|clang] [--timeout 20m] [NAME...]   (default: every tree, gcc)
# Trees are fetched as the upstream tarballs of Debian's source packages (examples/lib/debian-source.sh: deb-src
# entries are added when missing), cached under ~/.cache/pgolab/sources. Work goes to /tmp/pgolab-init-corpus
# (a fresh copy of each tree per run); logs per tree in /tmp/pgolab-init-corpus/NAME/*.log; the table also
# to bench/out/init-corpus.md.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
kind=gcc
timeout=20m
names=()
while (($#)); do
  case $1 in
    --toolchain) kind=${2:?}; shift 2 ;;
    --timeout) timeout=${2:?}; shift 2 ;;
    -*) echo "usage: bench/init-corpus.sh [--toolchain gcc|clang] [--timeout 20m] [NAME...]" >&2; exit 2 ;;
    *) names+=("$1"); shift ;;
  esac
done
work=/tmp/pgolab-init-corpus
mkdir -p "$work" bench/out
case $kind in
  gcc) real_cc=$(command -v gcc); real_cxx=$(command -v g++) ;;
  clang) real_cc=$(command -v clang || echo /usr/lib/llvm-19/bin/clang); real_cxx=${real_cc/%clang/clang++} ;;
  *) echo "unknown toolchain $kind (gcc or clang)" >&2; exit 2 ;;
esac

# fetch NAME PKG: the unpacked upstream tree in $work/src/NAME (kept between runs)
fetch() {
  local dest=$work/src/$1 pkg=$2
  [[ -d $dest ]] && { echo "$dest"; return; }
  # shellcheck disable=SC2034,SC2317   # label, tarball_var, is_tree and tree_version are read by debian-source.sh
  ( label=$1 tarball_var=PGOLAB_CORPUS_TARBALL
    is_tree() { [[ -d $1 ]] && [[ -n $(ls -A "$1") ]]; }
    tree_version() { echo "upstream"; }
    # shellcheck source=../examples/lib/debian-source.sh
    source "$repo/examples/lib/debian-source.sh" ) >/dev/null
  echo "$dest"
}

# The project's own build, with every compile recorded: a wrapper named cc, gcc, c++, g++ (and clang) first on PATH.
wrappers() {
  local d=$work/wrap
  mkdir -p "$d"
  for n in cc gcc c++ g++ clang clang++; do
    local real=$real_cc
    [[ $n == c++ || $n == g++ || $n == clang++ ]] && real=$real_cxx
    printf '#!/bin/sh\nprintf "%%s\\n" "$*" >> "${COMPILE_LOG:-/dev/null}"\nexec %s "$@"\n' "$real" > "$d/$n"
    chmod +x "$d/$n"
  done
  echo "$d"
}

# -O levels of the recorded compiles (-c of a .c/.cc/.cpp, not a configure or CMake probe): "-O2" or "-O2 12, -O3 4"
levels() {
  python3 - "$1" <<'PY'
import re, sys, collections
c = collections.Counter()
for line in open(sys.argv[1], errors='replace'):
    w = line.split()
    if '-c' not in w or any(x in line for x in ('conftest', 'CMakeScratch', 'CMakeTmp', 'cmTC_', '/usr/share/cmake', 'meson-private', 'sanitycheck')):
        continue
    if not any(re.search(r'\.(c|cc|cpp|cxx)$', x) for x in w):
        continue
    o = [x for x in w if re.fullmatch(r'-O([0-9sgz]|fast)?', x)]
    c[o[-1] if o else 'no -O'] += 1
print(', '.join(f'{k} ({v})' for k, v in sorted(c.items())) if len(c) > 1 else (next(iter(c)) if c else '-'))
PY
}

own_build() {   # NAME TREE ENV CMD: the project's own -O levels
  local dir=$work/$1/own wrap
  wrap=$(wrappers)
  rm -rf "$dir"; cp -a "$2" "$dir"
  : > "$work/$1/own-compiles.log"
  (cd "$dir" && env ${3:+$(tr , ' ' <<<"$3")} PATH="$wrap:$PATH" CC="$wrap/cc" CXX="$wrap/c++" \
      COMPILE_LOG="$work/$1/own-compiles.log" timeout "$timeout" bash -c "$4 -j$(nproc)" >"$work/$1/own.log" 2>&1) \
      || { echo "own build failed (see $work/$1/own.log)" >&2; }
  levels "$work/$1/own-compiles.log"
}

release_levels() {   # the audit record's levels of release
  python3 -c 'import json,sys; l=json.load(open(sys.argv[1])).get("levels") or []; print(", ".join(l) if l else "-")' \
      "$1/.pgolab/audit/release.json" 2>/dev/null || echo "-"
}

rows=()
header="| tree | build system | init + build release ok? | project's -O | release's -O | equal? |"
while read -r name pkg system env cmd <&3; do
  [[ -z $name || $name == \#* ]] && continue
  if ((${#names[@]})) && [[ " ${names[*]} " != *" $name "* ]]; then continue; fi
  [[ $env == - ]] && env=
  echo "### $name ($system): $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  tree=$(fetch "$name" "$pkg") || { rows+=("| $name | $system | fetch failed | | | |"); continue; }
  mkdir -p "$work/$name"
  proj=$work/$name/$(basename "$tree")
  rm -rf "$proj"; cp -a "$tree" "$proj"
  ok=no
  if "$repo/pgolab" -C "$proj" init --toolchain "$kind" >"$work/$name/init.log" 2>&1 \
      && (cd "$proj" && env ${env:+$(tr , ' ' <<<"$env")} timeout "$timeout" "$repo/pgolab" build release) >"$work/$name/build.log" 2>&1; then
    ok=yes
  else
    ok="no ($(grep -m1 -E '^error' "$work/$name/build.log" "$work/$name/init.log" 2>/dev/null | cut -d: -f2- | cut -c1-70))"
  fi
  rel=$(release_levels "$proj")
  own=$(own_build "$name" "$tree" "$env" "$cmd")
  eq=no; [[ $rel == "$own" ]] && eq=yes
  [[ $own == "no -O" ]] && eq="n/a: its default build has no -O level (release: the guessed build type)"
  rows+=("| $name | $system${env:+ ($env)} | $ok | $own | $rel | $eq |")
  echo "${rows[-1]}" >&2
done </dev/null 3< bench/init-corpus.list

{
  echo "init corpus, toolchain $kind, $(date -u +%FT%TZ), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "$header"
  echo "|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
} | tee bench/out/init-corpus.md
