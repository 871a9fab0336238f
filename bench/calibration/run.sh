#!/usr/bin/env bash
# The calibration study: many `pgolab compare` runs at the default budget, of a command with
# itself (A/A) and of a command with a copy doing k% more work (a known slowdown), on four kinds of real
# program, in one shuffled order so that every kind sees the same spread of machine states:
#   spin   bench/aa/spin.c (gcc -O2), a tight loop of ~0.3 s; slowdown: k% more iterations
#   demo   the release build of `pgolab demo` (`demo bench 2200`); slowdown: SIZE 2200 * (1 + k/100)
#   lua    Lua 5.4 of examples/lua (release, clang) running examples/lua/bench/json.lua
#   redis  redis-server of examples/redis (release, clang) under redis-benchmark, started and stopped per
#          run by redis-once.sh (cpu_time is the whole tree's: server, client, script)
# Runs go on until every job ran or DEADLINE (a `date -d` time) would be passed by the next one.
# analyse.py turns the JSON files into the tables of docs/benchmarks.md.
#
# usage: bench/calibration/run.sh [PLAN]   PLAN: "prog:kind:count ..." (kind aa or +k), default below
# environment: BUDGET (--max-time; default: pgolab's own, 300s; the sequential rule stops
#              a run as soon as its cpu_time is decided), DEADLINE, SEED (order of the jobs, default 1),
#              DEMO_BIN, LUA_BIN, REDIS_BIN (prebuilt subjects; else built here, see build_subjects),
#              OUT (default bench/out/calibration/study; an existing index.tsv is appended to).
set -euo pipefail
cd "$(dirname "$0")/../.."
plan=${1:-"spin:aa:25 demo:aa:30 lua:aa:25 redis:aa:20 demo:+1:5 demo:+2:5 demo:+3:10 demo:+5:10 spin:+1:5 spin:+3:5"}
out=${OUT:-bench/out/calibration/study}
mkdir -p "$out/bin"
# shellcheck source=bench/spin-lib.sh
. bench/spin-lib.sh
freeze_pgolab
size_spin

build_subjects() {   # the examples' release builds, in a scratch project each
  local w=$out/work
  if [ -z "${DEMO_BIN:-}" ]; then
    rm -rf "$w/demo"; pgolab demo --write-only --dir "$w/demo" >/dev/null
    pgolab -C "$w/demo" build release >/dev/null; DEMO_BIN=$w/demo/.pgolab/build/release/demo
  fi
  if [ -z "${LUA_BIN:-}" ]; then
    mkdir -p "$w/lua"; cp -r examples/lua/train examples/lua/bench examples/lua/pgolab.toml "$w/lua/"
    examples/lua/fetch.sh "$w/lua/upstream/lua" >/dev/null
    pgolab -C "$w/lua" build release >/dev/null; LUA_BIN=$(ls "$w"/lua/.pgolab/bin/*/lua)
  fi
  if [ -z "${REDIS_BIN:-}" ]; then
    mkdir -p "$w/redis"; cp examples/redis/pgolab.toml "$w/redis/"
    examples/redis/fetch.sh "$w/redis/upstream/redis" >/dev/null
    pgolab -C "$w/redis" build release >/dev/null; REDIS_BIN=$(ls "$w"/redis/.pgolab/bin/*/redis-server)
  fi
  cp "$DEMO_BIN" "$out/bin/demo"; cp "$LUA_BIN" "$out/bin/lua"; cp "$REDIS_BIN" "$out/bin/redis-server"
}
build_subjects
bin=$(realpath "$out/bin")
lua_script=$PWD/examples/lua/bench/json.lua
redis_once=$PWD/bench/calibration/redis-once.sh

command_of() {   # program, work factor in percent (100: the baseline)
  case $1 in
    spin) echo "$spin $(( n * $2 / 100 ))" ;;
    demo) echo "$bin/demo bench $(( 2200 * $2 / 100 ))" ;;
    lua) echo "$bin/lua $lua_script" ;;
    redis) echo "$redis_once $bin/redis-server" ;;
    *) echo "unknown program $1" >&2; exit 2 ;;
  esac
}

jobs=()
for item in $plan; do
  IFS=: read -r prog kind count <<<"$item"
  for i in $(seq 1 "$count"); do jobs+=("$prog $kind $i"); done
done
# A seeded shuffle (shuf --random-source=<(yes N) alternated two programs for the first dozen jobs and left the
# slowdowns to the end, where a DEADLINE cuts them).
mapfile -t jobs < <(printf '%s\n' "${jobs[@]}" | python3 -c 'import random, sys
jobs = sys.stdin.read().splitlines()
random.Random(int(sys.argv[1])).shuffle(jobs)
print("\n".join(jobs))' "${SEED:-1}")
deadline=$([ -n "${DEADLINE:-}" ] && date -d "$DEADLINE" +%s || echo 0)
index=$out/index.tsv
[ -f "$index" ] || printf 'file\tprogram\tkind\tstart\tseconds\tload1\texit\n' >"$index"
echo "study: ${#jobs[@]} jobs, spin n=$n, budget ${BUDGET:-default}, load $(cut -d' ' -f1-3 /proc/loadavg)"
longest=0
for job in "${jobs[@]}"; do
  read -r prog kind i <<<"$job"
  now=$(date +%s)
  if [ "$deadline" != 0 ] && [ $(( now + longest )) -gt "$deadline" ]; then echo "deadline: stopping before $job"; break; fi
  name=$prog-${kind/+/slow}-$i-$(date +%s)
  seed=$(( RANDOM * 32768 + RANDOM ))
  budget_opt=(); [ -n "${BUDGET:-}" ] && budget_opt=(--budget "$BUDGET")
  if [ "$kind" = aa ]; then
    args=(--aa "$(command_of "$prog" 100)")
  else
    args=("$(command_of "$prog" 100)" "$(command_of "$prog" $(( 100 + ${kind#+} )))")
  fi
  load=$(cut -d' ' -f1 /proc/loadavg)
  rc=0
  pgolab compare "${args[@]}" "${budget_opt[@]}" --seed "$seed" --json "$out/$name.json" >"$out/$name.txt" 2>&1 || rc=$?
  took=$(( $(date +%s) - now )); [ "$took" -gt "$longest" ] && longest=$took
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name.json" "$prog" "$kind" "$now" "$took" "$load" "$rc" >>"$index"
  echo "$name (${took}s, load $load): $(grep -m1 -E '^  cpu_time ' "$out/$name.txt" || echo "exit $rc, see $out/$name.txt")"
done
