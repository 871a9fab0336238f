#!/usr/bin/env bash
# pgolab's own cost when there is nothing to do: `pgolab --version`, and a no-op `pgolab build` (every variant up
# to date) of (1) the embedded demo (release, pgo) and (2) Lua 5.4 (examples/lua) with eight variants (release,
# lto, pgo, pgo+lto, pgo+cs, pgo+lto+cs, pgo+mfs, pgo+lto+cs+mfs). Each is run RUNS times through ./pgolab (the
# launcher and its AOT cache included) and prints the median wall and CPU time (user + sys of pgolab and every
# process it ran, from the kernel's rusage) with the interquartile range, then where the time went: the medians of
# the phases pgolab prints with PGOLAB_TIMINGS=1 (wall; CPU of its threads; main thread's CPU; main thread's wait
# for a CPU, which is most of the wall on a loaded machine). The load average is printed before and after.
# The launcher runs on PGOLAB_JAVA_HOME (default: the first JDK >= 25 under /usr/lib/jvm, as bench/startup.sh).
# The first builds (not timed; Lua's eight take some minutes) are kept in WORK for the next run.
# usage: bench/noop.sh [RUNS] [demo|lua|version|all]   (default 15 all)   WORK=${NOOP_WORK:-/tmp/pgolab-noop}
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
runs=${1:-15}
what=${2:-all}
work=${NOOP_WORK:-/tmp/pgolab-noop}
mkdir -p "$work"
if [ -z "${PGOLAB_JAVA_HOME:-}" ]; then
  for d in /usr/lib/jvm/*/; do
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$d/release" 2>/dev/null || true)
    if [ -n "$v" ] && [ "$v" -ge 25 ]; then PGOLAB_JAVA_HOME=${d%/}; break; fi
  done
fi
[ -n "${PGOLAB_JAVA_HOME:-}" ] || { echo "no JDK >= 25 found under /usr/lib/jvm; set PGOLAB_JAVA_HOME" >&2; exit 2; }
export PGOLAB_JAVA_HOME
unset JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS PGOLAB_TIMINGS
./pgolab --version >/dev/null   # builds the jar and makes the AOT cache first, outside the timings

# measure NAME RUNS CMD...: runs CMD RUNS times (two warm-up runs first), prints the figures.
measure() {
  python3 - "$@" <<'PY'
import re, resource, statistics, subprocess, sys, time, collections
name, runs, cmd = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
env = dict(__import__('os').environ, PGOLAB_TIMINGS='1')
wall, cpu, phases, order = [], [], collections.defaultdict(lambda: collections.defaultdict(list)), []
line = re.compile(r'pgolab-timing: (.+?) wall ([\d.]+) ms(?:, cpu ([\d.]+) ms, main ([\d.]+) ms, runqueue ([\d.]+) ms)?')
for i in range(runs + 2):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN); t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    t1 = time.perf_counter(); r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit("%s failed:\n%s" % (' '.join(cmd), p.stderr[-2000:]))
    if re.search(r'==> build .*: (?!up to date)', p.stderr):
        sys.exit("not a no-op build:\n" + p.stderr[-2000:])
    if i < 2:
        continue
    wall.append((t1 - t0) * 1e3)
    cpu.append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1e3)
    for m in line.finditer(p.stderr):
        if m.group(1) not in phases:
            order.append(m.group(1))
        for k, g in zip(('wall', 'cpu', 'main', 'runqueue'), m.groups()[1:]):
            if g is not None:
                phases[m.group(1)][k].append(float(g))
def fig(v):
    q = statistics.quantiles(v, n=4) if len(v) > 1 else v * 3
    return "%6.0f ms [IQR %4.0f-%4.0f]" % (statistics.median(v), q[0], q[2])
print("%-26s %2d runs | wall %s | cpu %s" % (name, runs, fig(wall), fig(cpu)))
for ph in order:
    d = phases[ph]
    print("    %-40s " % ph + "  ".join("%s %6.1f" % (k, statistics.median(d[k])) for k in ('wall', 'cpu', 'main', 'runqueue')
                                           if d.get(k)))
PY
}

demo() {
  local dir=$work/demo
  ./pgolab demo --write-only --dir "$dir" >/dev/null
  ./pgolab -C "$dir" build >/dev/null 2>"$work/demo-first.log" || { tail -20 "$work/demo-first.log" >&2; exit 1; }
  measure "no-op build, demo (2)" "$runs" ./pgolab -C "$dir" build
}

lua() {
  local dir=$work/lua
  mkdir -p "$dir"
  cp -r examples/lua/train examples/lua/bench "$dir/"
  examples/lua/fetch.sh "$dir/upstream/lua" >/dev/null
  sed 's/^variants = .*/variants = ["release", "lto", "pgo", "pgo+lto", "pgo+cs", "pgo+lto+cs", "pgo+mfs", "pgo+lto+cs+mfs"]/' \
    examples/lua/pgolab.toml >"$dir/pgolab.toml.new"
  cmp -s "$dir/pgolab.toml.new" "$dir/pgolab.toml" || mv "$dir/pgolab.toml.new" "$dir/pgolab.toml"
  rm -f "$dir/pgolab.toml.new"
  echo "lua: first builds of eight variants (kept in $dir; minutes the first time)" >&2
  nice ./pgolab -C "$dir" build >/dev/null 2>"$work/lua-first.log" || { tail -20 "$work/lua-first.log" >&2; exit 1; }
  measure "no-op build, lua (8)" "$runs" ./pgolab -C "$dir" build
}

echo "date: $(date -u +%Y-%m-%dT%H:%MZ); $(nproc) CPUs; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "pgolab $(git -C "$repo" describe --always --dirty) on $("$PGOLAB_JAVA_HOME/bin/java" -version 2>&1 | head -1)," \
  "AOT cache: $([ "${PGOLAB_AOT:-1}" = 0 ] && echo off || ls -s --block-size=M target/launch/aot/*.aot 2>/dev/null | head -1)"
case $what in
  version) measure "--version" "$runs" ./pgolab --version ;;
  demo) demo ;;
  lua) lua ;;
  all) measure "--version" "$runs" ./pgolab --version; demo; lua ;;
  *) echo "usage: bench/noop.sh [RUNS] [demo|lua|version|all]" >&2; exit 2 ;;
esac
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
