#!/usr/bin/env bash
# Shared by examples/*/fetch.sh of Rust programs: put the source of one published crate into $dest,
# cached under $PGOLAB_CACHE as the .crate archive that the crate registry serves to cargo itself.
#
# The caller sets: dest, crate (crate name), version (exact), crate_var (name of the env var that
# may point at a .crate file), and defines is_tree DIR (is DIR an unpacked source tree?). Then it
# sources this file. Idempotent: an existing tree is left alone. It may define post_unpack DIR,
# run on the unpacked tree before it is moved into place (e.g. to update one locked dependency).
#
# The .crate is downloaded with cargo (a throwaway project that depends on crate = "=version", then
# 'cargo fetch', which verifies the registry checksum) and copied out of cargo's download cache.
# The crate's own dependencies are fetched by cargo at build time (--locked, from the Cargo.lock
# inside the crate). The source is never committed (upstream/.gitignore ignores it).
# shellcheck disable=SC2154   # dest, crate, version, crate_var come from the caller

cache=${PGOLAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pgolab/sources}
crate_file=$crate-$version.crate

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

crate_ok() { [[ -s $1 ]] && tar -tzf "$1" >/dev/null 2>&1; }
tree_version() { sed -n 's/^version = "\(.*\)"/\1/p' "$1/Cargo.toml" | head -n 1; }

if is_tree "$dest"; then
    log "$crate $(tree_version "$dest") source already present"
    echo "$dest"
    exit 0
fi
if [[ -e $dest ]] && [[ -n $(ls -A "$dest" 2>/dev/null) ]]; then
    die "$dest exists but does not look like a $crate source tree; remove it first"
fi

download_with_cargo() {
    command -v cargo >/dev/null || die "cargo not found; install Rust (rustup) or put $crate_file in $cache"
    local work home found
    work=$(mktemp -d)
    home=${CARGO_HOME:-$HOME/.cargo}
    mkdir -p "$work/src"
    printf '[package]\nname = "pgolab-fetch"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n%s = "=%s"\n' \
        "$crate" "$version" >"$work/Cargo.toml"
    : >"$work/src/lib.rs"
    log "downloading crate $crate $version with cargo"
    # cargo may warn that the crate has no library target; the download is what we want.
    (cd "$work" && cargo fetch --quiet 2>/dev/null) || { rm -rf "$work"; die "cargo fetch of $crate $version failed"; }
    rm -rf "$work"
    found=$(find "$home/registry/cache" -name "$crate_file" 2>/dev/null | head -n 1)
    [[ -n $found ]] || die "cargo fetched, but $crate_file is not in $home/registry/cache"
    mkdir -p "$cache"
    cp "$found" "$cache/$crate_file.part.$$"
    mv "$cache/$crate_file.part.$$" "$cache/$crate_file"
    echo "$cache/$crate_file"
}

given=${!crate_var:-}
if [[ -n $given ]]; then
    archive=$given
    crate_ok "$archive" || die "$crate_var=$archive is not a readable .crate (tar.gz)"
elif crate_ok "$cache/$crate_file"; then
    archive=$cache/$crate_file
    log "using cached $archive"
else
    rm -f "$cache/$crate_file"
    archive=$(download_with_cargo)
fi

# Unpack next to DEST, then move into place in one step.
mkdir -p "$(dirname "$dest")"
stage=$(mktemp -d "$(dirname "$dest")/.$crate-unpack.XXXXXX")
trap 'rm -rf "$stage"' EXIT
tar -xzf "$archive" -C "$stage" --no-same-owner
top=$stage/$crate-$version
is_tree "$top" || die "$archive does not contain a $crate source tree"
if declare -F post_unpack >/dev/null; then post_unpack "$top"; fi
[[ -d $dest ]] && rmdir "$dest"
mv "$top" "$dest"
log "unpacked $crate $version from $(basename "$archive")"
echo "$dest"
