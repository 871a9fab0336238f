#!/usr/bin/env bash
# Output flood: what a workload that prints a lot costs pgolab. For each case it runs
# pgolab under /usr/bin/time -v and prints pgolab's peak RSS, the peak and final disk use of the
# directory its run outputs go to (sampled every 0.2 s), its exit status and how many bytes it
# printed to stderr. The bar: peak RSS under 512 MB whatever the workload prints, kept run outputs
# capped, a verdict despite invalid UTF-8.
# usage: bench/output-flood.sh [JAR] [SIZE]   JAR: a pgolab jar (default: this checkout's);
#                                             SIZE: bytes per run for head -c (default 1G)
# CASES="line bench" runs only those cases (default: all).
set -uo pipefail
cd "$(dirname "$0")/.."
size=${2:-1G}
out=bench/out/flood
mkdir -p "$out"
if [ -n "${1:-}" ]; then
  jar=$(realpath "$1")
else
  ./pgolab --version >/dev/null
  cp target/launch/pgolab.jar "$out/pgolab.jar"
  jar=$PWD/$out/pgolab.jar
fi
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install -y time)" >&2; exit 2; }
tmp=$(mktemp -d /tmp/pgolab-flood.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
quick=(--warmup 0 --min-rounds 5 --max-rounds 5 --budget 5s)

# case NAME DIR WATCH ARGS...: runs pgolab ARGS in DIR, its temporary files (compare's run outputs)
# under WATCH, and samples the disk use of WATCH.
case_() {
  local name=$1 dir=$2 watch=$3
  shift 3
  case " ${CASES:-$name} " in *" $name "*) ;; *) return 0;; esac
  mkdir -p "$watch"
  (peak=0; while :; do
     d=$(du -sb "$watch" 2>/dev/null | cut -f1); d=${d:-0}
     [ "$d" -gt "$peak" ] && peak=$d && echo "$peak" >"$tmp/peak"
     sleep 0.2
   done) &
  local sampler=$! t0 rc
  echo 0 >"$tmp/peak"
  t0=$(date +%s)
  (cd "$dir" && /usr/bin/time -v -o "$tmp/time" java -Djava.io.tmpdir="$watch" -jar "$jar" "$@" \
      >"$tmp/stdout" 2>"$tmp/stderr")
  rc=$?
  kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null
  local rss kept peak err
  rss=$(awk -F': ' '/Maximum resident set size/ {print int($2 / 1024)}' "$tmp/time")
  kept=$(du -sb "$watch" | cut -f1)
  peak=$(cat "$tmp/peak")
  err=$(stat -c %s "$tmp/stderr")
  printf '%-10s exit %d  peak RSS %5d MB  disk peak %5d MB, kept %5d MB  stderr %9d bytes  %3ds\n' \
    "$name" "$rc" "$rss" $((peak / 1000000)) $((kept / 1000000)) "$err" $(( $(date +%s) - t0 ))
  grep -m1 -E '^(error|internal error)' "$tmp/stderr" | cut -c1-150 | sed 's/^/           /'
  cp "$tmp/stderr" "$out/$name.stderr"
}

line="head -c $size /dev/zero | tr '\\0' x"
lines="yes $(printf 'x%.0s' $(seq 99)) | head -c $size"
invalid="yes \$'caf\\xe9 \\xff\\xfe \\e]0;title\\a\\e[2J\\e[31m red' | head -c $size"
echo "pgolab $(java -jar "$jar" --version | tail -1), $size per run, load $(cut -d' ' -f1-3 /proc/loadavg)"
case_ line "$tmp" "$tmp/c1" compare "${quick[@]}" --aa "$line"
case_ lines "$tmp" "$tmp/c2" compare "${quick[@]}" --aa "$lines"
case_ invalid "$tmp" "$tmp/c3" compare "${quick[@]}" --aa "$invalid"
case_ failing "$tmp" "$tmp/c4" compare "${quick[@]}" true "$lines; exit 1"
case_ failline "$tmp" "$tmp/c5" compare "${quick[@]}" true "$line; exit 1"

case " ${CASES:-bench} " in *" bench "*) ;; *) exit 0;; esac
# bench on a tiny C project whose bench command prints SIZE then the metric a regex reads.
p=$tmp/project
mkdir -p "$p"
printf 'int main(void) { return 0; }\n' >"$p/main.c"
cat >"$p/pgolab.toml" <<EOF
[project]
name = "flood"
variants = ["release", "lto"]
[toolchain]
kind = "gcc"
[build]
command = "{cc} -O2 {cflags} {ldflags} {srcdir}/main.c -o {builddir}/main"
artifact = "{builddir}/main"
[[bench]]
name = "flood"
command = "{binary} && $(printf '%s' "$lines" | sed 's/\\/\\\\/g') && echo ops=1000"
[[bench.metric]]
name = "operations"
regex = 'ops=(\\d+)'
unit = "ops"
direction = "higher"
EOF
(cd "$p" && java -jar "$jar" build >/dev/null 2>&1) || echo "building the tiny project failed" >&2
case_ bench "$p" "$p/.pgolab/runs" bench "${quick[@]}"
