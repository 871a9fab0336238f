#!/usr/bin/env bash
# Fetch the upstream Redis 7 source (the pristine .orig tarball of Debian's
# redis source package, without Debian's patches) into DEST.
#
# usage: fetch.sh [DEST]
#   DEST defaults to <dir of this script>/upstream/redis, which is the
#   [project] root of examples/redis/pgolab.toml. After a successful run DEST
#   holds Redis's top-level Makefile, src/ and deps/.
#
# environment:
#   PGOLAB_CACHE           where the downloaded redis_*.orig.tar.gz is kept and
#                          looked for first (default ~/.cache/pgolab/sources);
#                          with a tarball there, apt is not used at all
#   PGOLAB_REDIS_TARBALL   use this tarball instead of the cache or apt
#   PGOLAB_NO_APT=1        fail instead of falling back to apt
#
# Idempotent: if DEST already holds the unpacked source, nothing is done.
# The source is never committed (upstream/.gitignore ignores it).
#
# The deb-src setup below is the same as in examples/lua/fetch.sh.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dest=${1:-$script_dir/upstream/redis}
cache=${PGOLAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pgolab/sources}
deb_src_file=/etc/apt/sources.list.d/pgolab-deb-src.sources

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

is_redis_tree() {
    [[ -f $1/Makefile && -f $1/src/Makefile && -f $1/src/server.c && -f $1/src/version.h && -d $1/deps ]]
}

redis_version() {
    # "7.0.15" from REDIS_VERSION in src/version.h
    sed -nE 's/^#define REDIS_VERSION "([^"]*)".*/\1/p' "$1/src/version.h"
}

if is_redis_tree "$dest"; then
    log "Redis $(redis_version "$dest") source already present"
    echo "$dest"
    exit 0
fi
if [[ -e $dest ]] && [[ -n $(ls -A "$dest" 2>/dev/null) ]]; then
    die "$dest exists but does not look like a Redis source tree; remove it first"
fi

as_root() {
    if [[ $(id -u) -eq 0 ]]; then "$@"
    elif command -v sudo >/dev/null; then sudo "$@"
    else die "need root for: $*"
    fi
}

tarball_ok() { [[ -s $1 ]] && tar -tzf "$1" >/dev/null 2>&1; }

newest_cached() {
    # newest redis_*.orig.tar.gz in the cache, by version
    local f
    f=$(find "$cache" -maxdepth 1 -name 'redis_*.orig.tar.gz' 2>/dev/null | sort -V | tail -n 1 || true)
    [[ -n $f ]] && echo "$f"
}

has_deb_src() {
    local f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
        [[ -f $f ]] || continue
        grep -qsE '^[[:space:]]*(deb-src[[:space:]]|Types:.*deb-src)' "$f" && return 0
    done
    return 1
}

add_deb_src() {
    # Mirror the Debian 'deb' entries as 'deb-src' in a file of our own.
    local main=/etc/apt/sources.list.d/debian.sources tmp
    tmp=$(mktemp)
    if [[ -f $main ]]; then
        # deb822: copy every stanza whose Types include 'deb', as deb-src,
        # keeping URIs/Suites/Components/Signed-By (comments dropped).
        awk -v RS= -v ORS='\n\n' '
            /(^|\n)Types:[^\n]*(^|[ \t])deb([ \t]|\n|$)/ {
                n = split($0, lines, "\n"); out = ""
                for (i = 1; i <= n; i++) {
                    if (lines[i] ~ /^#/) continue
                    if (lines[i] ~ /^Types:/) lines[i] = "Types: deb-src"
                    out = out lines[i] "\n"
                }
                printf "%s\n", out
            }' "$main" >"$tmp"
    elif [[ -f /etc/apt/sources.list ]]; then
        # one-line format: 'deb ...' -> 'deb-src ...'
        sed -nE 's/^[[:space:]]*deb[[:space:]]/deb-src /p' /etc/apt/sources.list >"$tmp"
        deb_src_file=/etc/apt/sources.list.d/pgolab-deb-src.list
    fi
    [[ -s $tmp ]] || { rm -f "$tmp"; die "found no Debian 'deb' entry to mirror as deb-src"; }
    log "adding deb-src entries in $deb_src_file"
    as_root install -m 0644 "$tmp" "$deb_src_file"
    rm -f "$tmp"
}

download_with_apt() {
    [[ ${PGOLAB_NO_APT:-0} == 1 ]] && die "no cached tarball in $cache and PGOLAB_NO_APT=1"
    command -v apt-get >/dev/null || die "apt-get not found (not Debian-based?); put redis_*.orig.tar.gz in $cache"
    if ! command -v dpkg-source >/dev/null; then
        log "installing dpkg-dev (needed by apt-get source)"
        as_root apt-get update -qq
        as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dpkg-dev >/dev/null
    fi
    local updated=0
    if ! has_deb_src; then
        add_deb_src
        as_root apt-get update -qq
        updated=1
    fi
    local work sandbox=()
    work=$(mktemp -d)
    # apt drops to user _apt for downloads, which cannot write our private
    # temp dir; as root, just download as root (quietly).
    [[ $(id -u) -eq 0 ]] && sandbox=(-o APT::Sandbox::User=root)
    log "downloading Debian source package redis (upstream tarball only is used)"
    if ! (cd "$work" && apt-get "${sandbox[@]}" source --download-only -qq redis >&2); then
        ((updated)) && { rm -rf "$work"; die "apt-get source redis failed"; }
        log "apt-get source failed; refreshing package lists and retrying"
        as_root apt-get update -qq
        (cd "$work" && apt-get "${sandbox[@]}" source --download-only -qq redis >&2) \
            || { rm -rf "$work"; die "apt-get source redis failed"; }
    fi
    local orig
    orig=$(find "$work" -maxdepth 1 -name 'redis_*.orig.tar.gz' | sort -V | tail -n 1)
    [[ -n $orig ]] || { rm -rf "$work"; die "no redis_*.orig.tar.gz in the source package"; }
    mkdir -p "$cache"
    cp "$orig" "$cache/$(basename "$orig").part.$$"
    mv "$cache/$(basename "$orig").part.$$" "$cache/$(basename "$orig")"
    rm -rf "$work"
    echo "$cache/$(basename "$orig")"
}

if [[ -n ${PGOLAB_REDIS_TARBALL:-} ]]; then
    tarball=$PGOLAB_REDIS_TARBALL
    tarball_ok "$tarball" || die "PGOLAB_REDIS_TARBALL=$tarball is not a readable .tar.gz"
else
    tarball=$(newest_cached || true)
    if [[ -n $tarball ]] && ! tarball_ok "$tarball"; then
        log "cached $tarball is damaged; fetching again"
        rm -f "$tarball"
        tarball=
    fi
    if [[ -z $tarball ]]; then
        tarball=$(download_with_apt)
    else
        log "using cached $tarball"
    fi
fi

# Unpack next to DEST, then move into place in one step so an interrupted
# run never leaves a half-filled DEST behind.
mkdir -p "$(dirname "$dest")"
stage=$(mktemp -d "$(dirname "$dest")/.redis-unpack.XXXXXX")
trap 'rm -rf "$stage"' EXIT
tar -xzf "$tarball" -C "$stage" --no-same-owner
top=$(find "$stage" -mindepth 1 -maxdepth 1 -type d | head -n 1)
if [[ -z $top ]] || ! is_redis_tree "$top"; then
    die "$tarball does not contain a Redis source tree"
fi
[[ -d $dest ]] && rmdir "$dest"    # empty (checked above)
mv "$top" "$dest"
log "unpacked Redis $(redis_version "$dest") from $(basename "$tarball")"
echo "$dest"
