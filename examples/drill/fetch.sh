#!/usr/bin/env bash
# Fetch the source of drill (the HTTP load tester, crate 'drill' on the crate registry) into DEST.
#
# usage: fetch.sh [DEST]
#   DEST defaults to <dir of this script>/upstream/drill, the [project] root of
#   examples/drill/pgolab.toml. Afterwards DEST holds drill's Cargo.toml, Cargo.lock and src/.
#
# environment:
#   PGOLAB_CACHE         where drill-<version>.crate is kept and looked for first
#                        (default ~/.cache/pgolab/sources); with it there, nothing is downloaded
#   PGOLAB_DRILL_CRATE   use this .crate file instead of the cache or the registry
#
# See examples/lib/crate-source.sh. Idempotent; the source is never committed.
set -euo pipefail

crate=drill
version=0.9.1
script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dest=${1:-$script_dir/upstream/drill}
crate_var=PGOLAB_DRILL_CRATE
is_tree() { [[ -f $1/Cargo.toml && -f $1/Cargo.lock && -f $1/src/main.rs && -f $1/src/benchmark.rs ]]; }
# shellcheck source=../lib/crate-source.sh
source "$script_dir/../lib/crate-source.sh"
