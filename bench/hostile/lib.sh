# Shared by the round-4 hostile cases (bench/hostile/round4.sh sources this and the case files).
# Each case sets up a project under $work/CASE, runs pgolab (under a timeout), and calls one of the
# judges below, which classify what happened and append "CASE<TAB>CLASS<TAB>NOTE" to $work/results.tsv:
#   correct | clear error | misleading message | wrong result | internal error | hang
work=${HOSTILE_WORK:-/tmp/pgolab-hostile4}
limit=${HOSTILE_TIMEOUT:-90}

pg() {   # pg DIR ARGS...: pgolab in DIR; stdout/stderr to $d/out, $d/err; rc in $rc
  local dir=$1; shift
  set +e
  timeout -k 5 "$limit" java -jar "$work/pgolab.jar" -C "$dir" "$@" >"$dir.out" 2>"$dir.err" </dev/null
  rc=$?
  set -e
  out="$(cat "$dir.out" "$dir.err" 2>/dev/null | head -c 20000)"
}

record() { printf '%s\t%s\t%s\n' "$1" "$2" "$(printf '%s' "$3" | tr '\n\t' '  ' | cut -c1-300)" >>"$work/results.tsv"; }

first_error() { grep -m1 '^error' <<<"$out" || tail -1 <<<"$out"; }

# exit 3, a stack trace or a timeout are what they are, whatever the case wanted
special() {   # special CASE: 0 when it classified the run
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then record "$1" "hang" "no end within ${limit}s"; return 0; fi
  if [ "$rc" = 3 ] || grep -q 'Exception\|at io\.pgolab\.' <<<"$out"; then
    record "$1" "internal error" "$(first_error)"; return 0; fi
  return 1
}

want_error() {   # want_error CASE REGEX: a refusal naming the cause (exit 2 or 1, message matching REGEX)
  special "$1" && return 0
  if [ "$rc" = 0 ]; then record "$1" "wrong result" "exit 0: $(printf '%s\n' "$out" | tail -1)"
  elif grep -Eq "$2" <<<"$out"; then record "$1" "clear error" "$(first_error)"
  else record "$1" "misleading message" "$(first_error)"; fi
}

want_ok() {   # want_ok CASE CHECK...: exit 0 and CHECK (a command) succeeds
  local name=$1; shift
  special "$name" && return 0
  if [ "$rc" != 0 ]; then record "$name" "wrong result" "exit $rc: $(first_error)"; return 0; fi
  if "$@"; then record "$name" "correct" "$(printf '%s\n' "$out" | grep -m1 'warning' || true)"
  else record "$name" "wrong result" "exit 0 but the check failed: $*"; fi
}

want_ok_or_error() {   # want_ok_or_error CASE REGEX CHECK...: either done right, or refused clearly
  local name=$1 re=$2; shift 2
  special "$name" && return 0
  if [ "$rc" = 0 ]; then
    if "$@"; then record "$name" "correct" ""; else record "$name" "wrong result" "exit 0 but the check failed: $*"; fi
  elif grep -Eq "$re" <<<"$out"; then record "$name" "clear error" "$(first_error)"
  else record "$name" "misleading message" "$(first_error)"; fi
}

has() { grep -Eq "$1" <<<"$out"; }
lacks() { ! grep -Eq "$1" <<<"$out"; }
true_() { true; }

fresh() { d=$work/$1; rm -rf "$d" "$d.out" "$d.err"; mkdir -p "$d"; }

hot_c() {
  cat >"$1/hot.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) long hot(long n) { long s = 0; for (long i = 0; i < n; i++) s += i % 7 ? i : -i; return s; }
int main(int argc, char **argv) { printf("%ld\n", hot(argc > 1 ? atol(argv[1]) : 1000)); return 0; }
C
}

# project DIR VARIANTS COMMAND ARTIFACT [EXTRA_BUILD_LINES] [BENCH_TABLE]: a gcc project around hot.c
project() {
  hot_c "$1"
  cat >"$1/pgolab.toml" <<T
[project]
name = "hostile"
variants = [$2]

[toolchain]
kind = "gcc"

[build]
command = "$3"
artifact = "$4"
${5:-}

[[train]]
name = "t"
command = "{binary} 20000"
T
  if [ -n "${6:-}" ]; then printf '%s\n' "$6" >>"$1/pgolab.toml"
  else printf '[[bench]]\nname = "b"\ncommand = "{binary} 30000"\n' >>"$1/pgolab.toml"; fi
}

GCC_BUILD='{cc} -O2 {cflags} {ldflags} {srcdir}/hot.c -o {builddir}/hot'
TREE_BUILD='mkdir -p {installdir}/bin && {cc} -O2 {cflags} {ldflags} {srcdir}/hot.c -o {installdir}/bin/hot && sh {srcdir}/extra.sh {installdir}'
tree_project() {   # tree_project DIR EXTRA_SH: an install-tree variant; extra.sh gets {installdir} as \$1
  project "$1" '"release"' "$TREE_BUILD" '{installdir}/bin/hot'
  printf '%s\n' "set -e; t=\$1" "$2" >"$1/extra.sh"
}
published() { ls -d "$d"/.pgolab/bin/*/ 2>/dev/null | head -1; }
