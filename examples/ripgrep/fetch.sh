#!/usr/bin/env bash
# Fetch the source of ripgrep (the 'rg' binary, crate 'ripgrep' on the crate registry) into DEST.
#
# usage: fetch.sh [DEST]
#   DEST defaults to <dir of this script>/upstream/ripgrep, the [project] root of
#   examples/ripgrep/pgolab.toml. Afterwards DEST holds ripgrep's Cargo.toml, Cargo.lock and crates/.
#
# environment:
#   PGOLAB_CACHE           where ripgrep-<version>.crate is kept and looked for first
#                          (default ~/.cache/pgolab/sources); with it there, nothing is downloaded
#   PGOLAB_RIPGREP_CRATE   use this .crate file instead of the cache or the registry
#   PGOLAB_RIPGREP_VERSION another release (default 14.1.1, the example's); 13.0.0 is used by
#                          bench/ripgrep-stale-profile.sh
#
# The .crate is the source archive that the crate registry serves for 'cargo' itself. It is downloaded with
# cargo (a throwaway project that depends on ripgrep, then 'cargo fetch': cargo verifies the
# registry checksum) and copied out of cargo's download cache. ripgrep's dependencies are fetched
# by cargo at build time (--locked, from the Cargo.lock inside the crate).
# Idempotent; the source is never committed (upstream/.gitignore ignores it).
set -euo pipefail

version=${PGOLAB_RIPGREP_VERSION:-14.1.1}
script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dest=${1:-$script_dir/upstream/ripgrep}
cache=${PGOLAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pgolab/sources}
crate_name=ripgrep-$version.crate

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

is_tree() { [[ -f $1/Cargo.toml && -f $1/Cargo.lock && -d $1/crates/core ]]; }
crate_ok() { [[ -s $1 ]] && tar -tzf "$1" >/dev/null 2>&1; }

if is_tree "$dest"; then
    log "ripgrep $(sed -n 's/^version = "\(.*\)"/\1/p' "$dest/Cargo.toml" | head -n 1) source already present"
    echo "$dest"
    exit 0
fi
if [[ -e $dest ]] && [[ -n $(ls -A "$dest" 2>/dev/null) ]]; then
    die "$dest exists but does not look like a ripgrep source tree; remove it first"
fi

download_with_cargo() {
    command -v cargo >/dev/null || die "cargo not found; install Rust (rustup) or put $crate_name in $cache"
    local work home
    work=$(mktemp -d)
    home=${CARGO_HOME:-$HOME/.cargo}
    mkdir -p "$work/src"
    printf '[package]\nname = "pgolab-fetch"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\nripgrep = "=%s"\n' \
        "$version" >"$work/Cargo.toml"
    : >"$work/src/lib.rs"
    log "downloading crate ripgrep $version with cargo"
    # cargo warns that ripgrep has no library target; the download is what we want.
    (cd "$work" && cargo fetch --quiet 2>/dev/null) || { rm -rf "$work"; die "cargo fetch of ripgrep $version failed"; }
    rm -rf "$work"
    local found
    found=$(find "$home/registry/cache" -name "$crate_name" 2>/dev/null | head -n 1)
    [[ -n $found ]] || die "cargo fetched, but $crate_name is not in $home/registry/cache"
    mkdir -p "$cache"
    cp "$found" "$cache/$crate_name.part.$$"
    mv "$cache/$crate_name.part.$$" "$cache/$crate_name"
    echo "$cache/$crate_name"
}

if [[ -n ${PGOLAB_RIPGREP_CRATE:-} ]]; then
    crate=$PGOLAB_RIPGREP_CRATE
    crate_ok "$crate" || die "PGOLAB_RIPGREP_CRATE=$crate is not a readable .crate (tar.gz)"
elif crate_ok "$cache/$crate_name"; then
    crate=$cache/$crate_name
    log "using cached $crate"
else
    rm -f "$cache/$crate_name"
    crate=$(download_with_cargo)
fi

# Unpack next to DEST, then move into place in one step.
mkdir -p "$(dirname "$dest")"
stage=$(mktemp -d "$(dirname "$dest")/.ripgrep-unpack.XXXXXX")
trap 'rm -rf "$stage"' EXIT
tar -xzf "$crate" -C "$stage" --no-same-owner
top=$stage/ripgrep-$version
is_tree "$top" || die "$crate does not contain a ripgrep source tree"
[[ -d $dest ]] && rmdir "$dest"
mv "$top" "$dest"
log "unpacked ripgrep $version from $(basename "$crate")"
echo "$dest"
