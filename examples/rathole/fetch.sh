#!/usr/bin/env bash
# Fetch the source of rathole (a TCP tunnel, crate 'rathole' on the crate registry) into DEST.
#
# usage: fetch.sh [DEST]
#   DEST defaults to <dir of this script>/upstream/rathole, the [project] root of
#   examples/rathole/pgolab.toml. Afterwards DEST holds rathole's Cargo.toml, Cargo.lock and src/.
#
# environment:
#   PGOLAB_CACHE         where rathole-<version>.crate is kept and looked for first
#                        (default ~/.cache/pgolab/sources); with it there, nothing is downloaded
#   PGOLAB_RATHOLE_CRATE use this .crate file instead of the cache or the registry
#
# See examples/lib/crate-source.sh. Idempotent; the source is never committed.
#
# One change to the crate as published: rathole 0.5.0's Cargo.lock pins time 0.3.29, which no
# longer compiles with Rust 1.80 and later (error[E0282]: type annotations needed for `Box<_>` in
# time's format_description/parse/mod.rs). After unpacking, 'cargo update -p time --precise 0.3.36'
# moves that one dependency (and what it needs) to the release that fixed it; the build then
# uses the updated Cargo.lock with --locked like any other.
set -euo pipefail

crate=rathole
version=0.5.0
script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dest=${1:-$script_dir/upstream/rathole}
crate_var=PGOLAB_RATHOLE_CRATE
is_tree() { [[ -f $1/Cargo.toml && -f $1/Cargo.lock && -f $1/src/main.rs && -f $1/src/transport/mod.rs ]]; }
post_unpack() {
    log "Cargo.lock: time 0.3.29 -> 0.3.36 (0.3.29 does not compile with Rust >= 1.80)"
    (cd "$1" && cargo update --quiet -p time --precise 0.3.36) || die "cargo update -p time --precise 0.3.36 failed in $1"
}
# shellcheck source=../lib/crate-source.sh
source "$script_dir/../lib/crate-source.sh"
