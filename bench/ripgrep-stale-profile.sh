#!/usr/bin/env bash
# Figures for docs/benchmarks.md, "Stored profiles across releases": how much of a fresh profile's gain
# does a profile exported from a previous release keep? ripgrep 13.0.0 and 14.1.0 are built and trained
# (examples/ripgrep/pgolab.toml's [[train]] workloads, same corpora) and their profiles exported with
# 'pgolab profile export'; ripgrep 14.1.1 is built release, pgo (its own fresh profile) and pgo from each
# old profile ('[project] profile', profile_max_stale = "100%" so it is used whatever its staleness),
# and the binaries are compared with 'pgolab compare' on the example's three [[bench]] workloads.
# usage: bench/ripgrep-stale-profile.sh [WORKDIR]   (default /tmp/pgolab-bench-rg-stale; sources from
# the crate registry through examples/ripgrep/fetch.sh; JSON and Markdown go to WORKDIR)
set -euo pipefail
cd "$(dirname "$0")/.."
work=${1:-/tmp/pgolab-bench-rg-stale}
P="$PWD/pgolab"
mkdir -p "$work"
for v in 13.0.0 14.1.0 14.1.1; do
    d=$work/v$v
    mkdir -p "$d"
    sed -e 's/^variants = .*/variants = ["release", "pgo"]/' examples/ripgrep/pgolab.toml >"$d/pgolab.toml"
    PGOLAB_RIPGREP_VERSION=$v examples/ripgrep/fetch.sh "$d/upstream/ripgrep" >/dev/null
    [[ -d $d/upstream/corpus/train ]] || python3 examples/ripgrep/corpus.py "$d/upstream/corpus/train" 32 1
    [[ -d $d/upstream/corpus/bench ]] || python3 examples/ripgrep/corpus.py "$d/upstream/corpus/bench" 48 2
done
new=$work/v14.1.1
echo "### stored ripgrep profiles on 14.1.1 ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
for v in 13.0.0 14.1.0 14.1.1; do
    # build, not only train: the export records how well the profile matches its own pgo binary
    "$P" -C "$work/v$v" build --json "$work/v$v-build.json"
    "$P" -C "$work/v$v" profile export "$work/rg$v.pgolab-profile"
done
for v in 13.0.0 14.1.0; do
    # [project] profile (variants = ["pgo"]); [build] profile = "release" (cargo's) is left alone
    sed -e "s/^variants = .*/variants = [\"pgo\"]\nprofile = \"..\/rg$v.pgolab-profile\"\nprofile_max_stale = \"100%\"/" \
        examples/ripgrep/pgolab.toml >"$new/pgolab-$v.toml"
    "$P" -C "$new" --config "pgolab-$v.toml" build --json "$work/v14.1.1-from-$v.json"
done
bin() { python3 -c "import json,sys;d=json.load(open(sys.argv[1]));print([v['binary'] for v in d['variants'] if v['name']==sys.argv[2]][0])" "$@"; }
rel=$(bin "$work/v14.1.1-build.json" release)
fresh=$(bin "$work/v14.1.1-build.json" pgo)
from13=$(bin "$work/v14.1.1-from-13.0.0.json" pgo)
from1410=$(bin "$work/v14.1.1-from-14.1.0.json" pgo)
C=$new/upstream/corpus/bench
declare -A W=(
    [emails]="--no-ignore --threads 1 -n -o '\\w+@[\\w.]+' $C"
    [long-words]="--no-ignore --threads 1 -c -w '\\w{9,}' $C"
    [columns]="--no-ignore --threads 1 -n --column 'latency=\\d{3}ms' $C"
)
for w in emails long-words columns; do
    "$P" compare --budget 90s --json "$work/compare-$w.json" --markdown "$work/compare-$w.md" \
        -n release -n pgo-fresh -n pgo-from-13.0.0 -n pgo-from-14.1.0 \
        "$rel ${W[$w]} > /dev/null" "$fresh ${W[$w]} > /dev/null" "$from13 ${W[$w]} > /dev/null" \
        "$from1410 ${W[$w]} > /dev/null"
done
echo "(load after: $(cut -d' ' -f1-3 /proc/loadavg))"
