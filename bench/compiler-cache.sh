#!/usr/bin/env bash
# What build.compiler_cache (ccache) saves on a real build: Redis 7 (examples/redis, upstream source from
# Debian), built through the given variants twice, in two scratch copies of the example: once with
# compiler_cache = "ccache" (an empty CCACHE_DIR of its own), once without. pgo+lto+bolt differs from
# pgo+lto only in its link (-Wl,--emit-relocs), so with the cache every compile of it is a hit; release
# and pgo+lto share nothing (pgolab's flags reach every compile of Redis). Prints, per variant, each
# build's wall and CPU seconds (pgolab's build record) and the cache's hits. The order of the two runs is
# PGOLAB_CACHE_BENCH_ORDER (default "none ccache").
#
# usage: bench/compiler-cache.sh [VARIANT...]     default: release pgo+lto pgo+lto+bolt
# Needs ccache (Debian: ccache) and, for the BOLT step, bolt-19 and perf.
set -euo pipefail
cd "$(dirname "$0")/.."
variants=("$@")
[[ ${#variants[@]} -gt 0 ]] || variants=(release pgo+lto pgo+lto+bolt)
command -v ccache >/dev/null || { echo "compiler-cache.sh: ccache is not installed (apt-get install -y ccache)" >&2; exit 2; }
examples/redis/fetch.sh >/dev/null
work=$(mktemp -d /tmp/pgolab-ccache-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
echo "### compiler cache on Redis ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg)), variants: ${variants[*]}"
for mode in ${PGOLAB_CACHE_BENCH_ORDER:-none ccache}; do
    p=$work/$mode
    mkdir -p "$p"
    cp -r examples/redis/upstream "$p/upstream"
    if [[ $mode == ccache ]]; then
        # compiler_cache and a CCACHE_DIR of this run's own, after the [build] table's first line
        sed -e "s|^\[build\]$|[build]\ncompiler_cache = \"ccache\"|" examples/redis/pgolab.toml > "$p/pgolab.toml"
        export CCACHE_DIR=$work/ccache-dir
    else
        cp examples/redis/pgolab.toml "$p/pgolab.toml"
        unset CCACHE_DIR
    fi
    ./pgolab -C "$p" build "${variants[@]}" >"$work/$mode.out" 2>"$work/$mode.err" \
        || { echo "build ($mode) failed:"; tail -20 "$work/$mode.err"; exit 1; }
    echo "#### $mode (load after: $(cut -d' ' -f1-3 /proc/loadavg))"
    python3 - "$p/.pgolab" <<'PY'
import json, os, sys
store = sys.argv[1]
# every build this run made, its .base (the pgo+lto code linked with --emit-relocs that BOLT rewrites) too
for f in sorted(os.listdir(os.path.join(store, "variants")), key=lambda n: os.path.getmtime(os.path.join(store, "variants", n))):
    if not f.endswith(".json"):
        continue
    name = f[:-5]
    b = json.load(open(os.path.join(store, "variants", f)))
    log = os.path.join(store, "logs", "ccache-" + name + ".log")
    hits = miss = 0
    if os.path.exists(log):
        for line in open(log):
            hits += line.strip() in ("direct_cache_hit", "preprocessed_cache_hit")
            miss += line.strip() == "cache_miss"
    cpu = b.get("build_cpu_seconds")
    print(f'{name:18} wall {b.get("build_seconds", 0):7.1f} s  cpu ' + (f'{cpu:7.1f} s' if cpu is not None else '      - ')
          + (f'  compiler cache: {hits} of {hits + miss} compiles hit' if hits + miss else ''))
PY
done
