#!/usr/bin/env bash
# init + build release and pgo, unedited, on trees of bench/init-corpus.list (issue 41's second bar), then bench
# where the project ships a benchmark init proposes (lz4's and xxhsum's -b mode): release against pgo.
#
# usage: bench/init-corpus-pgo.sh [NAME...]      (default: lz4 xxhash bzip2 zopfli cmark serd)
#   PGOLAB=path/to/pgolab.jar (default: this checkout's target/pgolab.jar)  MAX_TIME=120s (bench cap)
# The trees come from bench/init-corpus.sh's cache (/tmp/pgolab-init-corpus/src; run it first for a NAME it lacks).
# Training is what init wrote ({binary} --help where init found nothing better: a start-up profile, so pgo is
# expected to equal release, and must not lose: the partial-training guard keeps untrained code as release's).
# The bench metric: the program's own figure (MB/s of its benchmark mode, higher is better) read from its output,
# since a benchmark mode runs for a fixed time and its cpu_time says nothing; cpu_time is reported beside it.
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
jar=${PGOLAB:-$repo/target/pgolab.jar}
src=/tmp/pgolab-init-corpus/src
work=/tmp/pgolab-init-corpus-pgo
max_time=${MAX_TIME:-120s}
names=("$@")
[[ ${#names[@]} -gt 0 ]] || names=(lz4 xxhash bzip2 zopfli cmark serd)
mkdir -p "$work"
pg() { java -jar "$jar" "$@"; }

# the [[bench.metric]] that reads a benchmark mode's own figure, by tree
metric() {
  case $1 in
    lz4) printf '%s\n' '[[bench.metric]]' 'name = "compress"' "regex = '\\),\\s*(?<value>[0-9.]+) MB/s ,'" \
           'unit = "MB/s"' 'direction = "higher"' ;;
    xxhash) printf '%s\n' '[[bench.metric]]' 'name = "xxh3_64"' "regex = 'XXH3_64b\\s*:\\s*[0-9]+ ->\\s*[0-9]+ it/s \\(\\s*(?<value>[0-9.]+) MB/s\\)'" \
           'unit = "MB/s"' 'direction = "higher"' ;;
  esac
}

printf '| tree | init | build release + pgo | training | bench | release vs pgo |\n|---|---|---|---|---|---|\n' > "$work/table.md"
for n in "${names[@]}"; do
  [[ -d $src/$n ]] || { echo "$n: no tree in $src (run bench/init-corpus.sh $n first)" >&2; continue; }
  d=$work/$n
  rm -rf "$d"; cp -a "$src/$n" "$d"
  echo "== $n ($(date -u +%H:%M:%SZ), load $(cut -d' ' -f1 /proc/loadavg))"
  init=ok; build=ok; bench=-; verdict=-
  pg -C "$d" init --no-check --toolchain gcc > "$d.init.log" 2>&1 || init="failed (exit $?)"
  train=$(sed -n '/^\[\[train\]\]/,/^$/s/^command = "\(.*\)".*/\1/p' "$d/pgolab.toml" | head -1)
  bcmd=$(sed -n '/^\[\[bench\]\]/,$s/^command = "\(.*\)".*/\1/p' "$d/pgolab.toml" | head -1)
  if [[ $init == ok ]]; then
    timeout 45m java -jar "$jar" -C "$d" build release pgo > "$d.build.log" 2>&1 || build="failed (exit $?)"
  fi
  if [[ $init == ok && $build == ok && $bcmd != *--help* ]]; then
    # the benchmark mode prints to stderr: read both; the metric that reads its own figure
    sed -i "s|^command = \"$bcmd\"|command = \"sh -c '$bcmd 2>\&1'\"|" "$d/pgolab.toml"
    metric "$n" >> "$d/pgolab.toml"
    bench="\`$bcmd\`"
    if java -jar "$jar" -C "$d" bench --max-time "$max_time" > "$d.bench.log" 2>&1; then :; fi
    verdict=$(grep -E '^\s*(compress|xxh3_64|cpu_time)\b' "$d.bench.log" | grep -E 'pgo|%' | sed 's/  */ /g' | paste -sd ';' -)
    [[ -n $verdict ]] || verdict="see $d.bench.log"
  fi
  # shellcheck disable=SC2016  # the backquotes are Markdown
  printf '| %s | %s | %s | `%s` | %s | %s |\n' "$n" "$init" "$build" "$train" "$bench" "$verdict" >> "$work/table.md"
done
cat "$work/table.md"
