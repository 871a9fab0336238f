# Compiler caches (build.compiler_cache): wrappers (a script named ccache) that drop or rewrite flags, caches that fail or hang.
CACHE_BUILD='{cc} -O2 {cflags} -c {srcdir}/hot.c -o {builddir}/hot.o && {cc} {ldflags} {builddir}/hot.o -o {builddir}/hot'   # compiles go through the cache, links do not
cache_project() {   # cache_project DIR VARIANTS CACHE_SCRIPT_BODY [EXTRA]: the cache is $d/bin/ccache
  project "$1" "$2" "$CACHE_BUILD" '{builddir}/hot' "compiler_cache = \"$1/bin/ccache\"
${4:-}"
  mkdir -p "$1/bin"; printf "#!/bin/sh\n%s\n" "$3" >"$1/bin/ccache"; chmod +x "$1/bin/ccache"
}
c01() { fresh c01; cache_project "$d" '"release"' 'echo "ccache: error: Failed to create directory /ro/cache: Read-only file system" >&2; exit 1'
  pg "$d" build; want_error c01-cache-fails-with-own-line 'compiler cache .*failed, not the build'; }
c02() { fresh c02; cache_project "$d" '"release"' 'exit 1'
  pg "$d" build; want_error c02-cache-fails-silently 'compiler cache'; }
c03() { fresh c03; project "$d" '"release"' "$GCC_BUILD" '{builddir}/hot' 'compiler_cache = "/nonexistent/ccache"'
  pg "$d" build; want_error c03-cache-path-missing 'compiler_cache'; }
c04() { fresh c04; project "$d" '"release"' "$GCC_BUILD" '{builddir}/hot' 'compiler_cache = "/tmp"'
  pg "$d" build; want_error c04-cache-is-a-directory 'compiler_cache'; }
c05() { fresh c05; cache_project "$d" '"release"' 'exec "$@"'; chmod -x "$d/bin/ccache"
  pg "$d" build; want_error c05-cache-not-executable 'compiler_cache|executable|permission'; }
c06() { fresh c06; cache_project "$d" '"release"' 'sleep 600; exec "$@"' 'timeout = "4s"'
  pg "$d" build; want_error c06-cache-hangs-build-timeout 'timed out|timeout|time limit'; }
c07() { fresh c07; cache_project "$d" '"release"' 'echo "cache: junk on stdout"; exec "$@"'
  pg "$d" build; want_ok c07-cache-prints-junk has 'build release done'; }
c08() { fresh c08; project "$d" '"release"' "$GCC_BUILD" '{builddir}/hot' 'compiler_cache = "sccache-not-installed"'
  pg "$d" build; want_error c08-cache-name-not-on-path 'compiler_cache|not found|PATH'; }
c09() { fresh c09; project "$d" '"release"' "$GCC_BUILD" '{builddir}/hot' 'compiler_cache = ""'
  pg "$d" build; want_error c09-cache-empty-string 'compiler_cache'; }
c10() { fresh c10; mkdir -p "$d/my cache"; cache_project "$d" '"release"' 'exec "$@"'
  mv "$d/bin" "$d/my cache/bin"; sed -i "s|$d/bin/ccache|$d/my cache/bin/ccache|" "$d/pgolab.toml"
  pg "$d" build; want_ok c10-cache-path-with-space has 'build release done'; }
c11() { fresh c11; cache_project "$d" '"release", "pgo"' 'for a; do shift; case "$a" in -O2) set -- "$@" -O0 ;; *) set -- "$@" "$a" ;; esac; done; exec "$@"'
  pg "$d" build release pgo; want_error c11-cache-rewrites-O2-to-O0 'compiler cache .* may change the flags|O0|unoptimi'; }
c12() { fresh c12; cache_project "$d" '"release", "pgo"' 'for a; do shift; case "$a" in -fprofile-use*|-fprofile-dir*|-fprofile-partial-training) ;; *) set -- "$@" "$a" ;; esac; done; exec "$@"'
  pg "$d" build release pgo; want_error c12-cache-drops-profile-use 'profile'; }
c13() { fresh c13; command -v ccache >/dev/null || { record c13-ccache-dir-is-a-file correct "skipped: no ccache"; return; }
  project "$d" '"release"' "$CACHE_BUILD" '{builddir}/hot' 'compiler_cache = "ccache"
env = { CCACHE_DIR = "'"$d"'/ccfile" }'; echo x >"$d/ccfile"
  pg "$d" build; want_ok_or_error c13-ccache-dir-is-a-file 'ccache' has 'build release done'; }
c14() { fresh c14; command -v ccache >/dev/null || { record c14-real-ccache-pgo correct "skipped: no ccache"; return; }
  project "$d" '"release", "pgo"' "$CACHE_BUILD" '{builddir}/hot' 'compiler_cache = "ccache"
env = { CCACHE_DIR = "'"$d"'/ccdir" }'
  pg "$d" build release pgo; want_ok c14-real-ccache-pgo sh -c "! cmp -s \$(python3 -c 'import json;print(json.load(open(\"$d/.pgolab/variants/release.json\"))[\"binary\"])') \$(python3 -c 'import json;print(json.load(open(\"$d/.pgolab/variants/pgo.json\"))[\"binary\"])')"; }
c15() { fresh c15; command -v ccache >/dev/null || { record c15-ccache-under-another-name correct "skipped"; return; }
  mkdir -p "$d/bin"; ln -s "$(command -v ccache)" "$d/bin/my-cache"
  project "$d" '"release"' "$CACHE_BUILD" '{builddir}/hot' "compiler_cache = \"$d/bin/my-cache\"
env = { CCACHE_DIR = \"$d/ccdir\" }"
  pg "$d" build; want_ok_or_error c15-ccache-under-another-name 'compiler_cache.*ccache' has 'build release done'; }
CACHE_CASES="c01 c02 c03 c04 c05 c06 c07 c08 c09 c10 c11 c12 c13 c14 c15"
