# Configure steps (copy_sources = false unless said) and sources edited between variants.
conf_project() {   # conf_project DIR VARIANTS CONFIGURE [BUILD] [EXTRA]: a gcc project with build.configure
  project "$1" "$2" "${4:-$GCC_BUILD}" '{builddir}/hot' "configure = \"$3\"
${5:-}"
}
f01() { fresh f01; echo 'int unused;' >"$d/extra.c"; conf_project "$d" '"release"' "rm -f extra.c"; pg "$d" build
  want_error f01-configure-removes-a-source 'extra.c \(removed\)'; }
f02() { fresh f02; conf_project "$d" '"release"' "sleep 600" "" 'timeout = "3s"'; pg "$d" build
  want_error f02-configure-hangs 'configure.*(timed out|timeout)'; }
f03() { fresh f03; conf_project "$d" '"release"' "echo 'configure: error: no C compiler' >&2; exit 77"; pg "$d" build
  want_error f03-configure-fails "configure of variant 'release' failed.*77|no C compiler"; }
f04() { fresh f04; conf_project "$d" '"release"' "head -c 40000000 /dev/zero | tr '\\\\\\\\0' x; echo"; pg "$d" build
  want_ok f04-configure-prints-40MB has 'build release done'; }
f05() { fresh f05; echo '#undef X' >"$d/config.h.in"; echo '#define OLD 1' >"$d/config.h"
  conf_project "$d" '"release"' "echo \\\"/* \$(date +%N) */\\\" > config.h"; pg "$d" build
  want_ok f05-config-h-from-earlier-run-rewritten has 'build release done'; }
f06() { fresh f06; conf_project "$d" '"release"' "chmod 600 hot.c"; pg "$d" build; want_ok f06-configure-changes-a-mode-only has 'build release done'; }
f07() { fresh f07; conf_project "$d" '"release"' "touch hot.c"; pg "$d" build; want_ok f07-configure-touches-a-source has 'build release done'; }
f08() { fresh f08; project "$d" '"release", "lto"' "$GCC_BUILD && echo '/* built */' >> {srcdir}/hot.c" '{builddir}/hot'
  pg "$d" build release lto; want_error f08-build-step-edits-a-source-between-variants "changed between two builds.*hot.c"; }
f09() { fresh f09; project "$d" '"release", "pgo"' "$GCC_BUILD" '{builddir}/hot'
  sed -i "s|command = \"{binary} 20000\"|command = \"{binary} 20000 \&\& echo '/* t */' >> $d/hot.c\"|" "$d/pgolab.toml"
  pg "$d" build release pgo; want_error f09-training-edits-a-source "changed between two builds.*hot.c.*training"; }
f10() { fresh f10; project "$d" '"release", "pgo"' "{cc} -O2 {cflags} -c {srcdir}/hot.c -o {srcdir}/hot.o && echo \\\"#define T \$(date +%N)\\\" > {srcdir}/gen.h && {cc} {ldflags} {srcdir}/hot.o -o {builddir}/hot" '{builddir}/hot'
  pg "$d" build release pgo; pg "$d" build release pgo --retrain 2>/dev/null || true
  sed -i 's/-O2 {cflags}/-O2 -g {cflags}/' "$d/pgolab.toml"; pg "$d" build release pgo
  want_ok f10-in-tree-objects-and-generated-header-no-alarm has 'build pgo done'; }
f11() { fresh f11; conf_project "$d" '"release"' "echo 'int gen;' > generated.c"; pg "$d" build; want_ok f11-configure-creates-a-new-source has 'build release done'; }
f12() { fresh f12; conf_project "$d" '"release"' "echo '/* x */' >> hot.c"; sed -i 's/^\[project\]$/[project]\ncopy_sources = true/' "$d/pgolab.toml"
  pg "$d" build; want_ok f12-configure-edits-its-copy-only sh -c "! grep -q 'x \*/' '$d/hot.c'"; }
f13() { fresh f13; conf_project "$d" '"release"' 'kill -9 $$'; pg "$d" build; want_error f13-configure-killed-by-signal 'configure.*(signal|SIGKILL|killed|137)'; }
f14() { fresh f14; conf_project "$d" '"release"' "printf 'caf\\\\351 \\\\377\\\\376\\\\n' >&2"; pg "$d" build; want_ok f14-configure-prints-bad-bytes has 'build release done'; }
f15() { fresh f15; conf_project "$d" '"release"' "(sleep 300 >/dev/null 2>&1 &); (sleep 301 &); true"; pg "$d" build
  want_ok_or_error f15-configure-leaves-a-background-process 'background|still running|left' has 'build release done'
  for p in $(pgrep -f 'sleep 30[01]$'); do kill $p; done; }
f16() { fresh f16; project "$d" '"release"' "$GCC_BUILD; (sleep 302 &)" '{builddir}/hot'; pg "$d" build
  want_ok_or_error f16-build-leaves-a-process-holding-its-output 'background|still running|left' has 'build release done'
  for p in $(pgrep -f 'sleep 302$'); do kill $p; done; }
CONFIGURE_CASES="f01 f02 f03 f04 f05 f06 f07 f08 f09 f10 f11 f12 f13 f14 f15 f16"
