#!/usr/bin/env bash
# Shared by examples/*/fetch.sh: put the upstream source of a Debian source package (its pristine
# .orig tarball, without Debian's patches) into $dest, cached under $PGOLAB_CACHE.
#
# The caller sets: dest, pkg (Debian source package), label (for messages), tarball_var (name of
# the env var that may point at a tarball), and defines is_tree DIR and tree_version DIR.
# Then it sources this file. Idempotent: an existing tree is left alone.
# shellcheck disable=SC2154   # dest, pkg, label, tarball_var come from the caller

cache=${PGOLAB_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pgolab/sources}
deb_src_file=/etc/apt/sources.list.d/pgolab-deb-src.sources

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

if is_tree "$dest"; then
    log "$label $(tree_version "$dest") source already present"
    echo "$dest"
    exit 0
fi
if [[ -e $dest ]] && [[ -n $(ls -A "$dest" 2>/dev/null) ]]; then
    die "$dest exists but does not look like a $label source tree; remove it first"
fi

as_root() {
    if [[ $(id -u) -eq 0 ]]; then "$@"
    elif command -v sudo >/dev/null; then sudo "$@"
    else die "need root for: $*"
    fi
}

tarball_ok() { [[ -s $1 ]] && tar -tf "$1" >/dev/null 2>&1; }   # .gz or .xz: tar tells by the bytes

newest_cached() {
    # newest ${pkg}_*.orig.tar.gz (or .xz) in the cache, by version
    local f
    f=$(find "$cache" -maxdepth 1 -name "${pkg}_*.orig.tar.[gx]z" 2>/dev/null | sort -V | tail -n 1 || true)
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

# A mirror may lack Debian's own files of the newest source version (its .dsc and .debian.tar.xz,
# seen on the security archive) while the upstream tarball, shared by every version, arrived: that
# tarball is all we use, so accept it when its SHA-256 is one the package index lists for it.
orig_listed() {
    local f sum listed
    f=$(find "$1" -maxdepth 1 -name "${pkg}_*.orig.tar.[gx]z" | sort -V | tail -n 1)
    [[ -n $f ]] || return 1
    sum=$(sha256sum "$f" | cut -d' ' -f1)
    listed=$(apt-cache showsrc "$pkg" 2>/dev/null || true)
    if grep -q "^ $sum [0-9]* $(basename "$f")\$" <<<"$listed"; then
        log "apt-get source $pkg could not fetch Debian's own files; using its upstream tarball $(basename "$f") (SHA-256 matches the package index)"
        return 0
    fi
    log "apt-get source $pkg failed and $(basename "$f") does not match the package index's SHA-256"
    return 1
}

download_with_apt() {
    [[ ${PGOLAB_NO_APT:-0} == 1 ]] && die "no cached tarball in $cache and PGOLAB_NO_APT=1"
    command -v apt-get >/dev/null || die "apt-get not found (not Debian-based?); put ${pkg}_*.orig.tar.gz in $cache"
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
    log "downloading Debian source package $pkg (upstream tarball only is used)"
    if ! (cd "$work" && apt-get "${sandbox[@]}" source --download-only -qq "$pkg" >&2); then
        if ((updated)); then
            orig_listed "$work" || { rm -rf "$work"; die "apt-get source $pkg failed"; }
        else
            log "apt-get source failed; refreshing package lists and retrying"
            as_root apt-get update -qq
            (cd "$work" && apt-get "${sandbox[@]}" source --download-only -qq "$pkg" >&2) \
                || orig_listed "$work" || { rm -rf "$work"; die "apt-get source $pkg failed"; }
        fi
    fi
    local orig
    orig=$(find "$work" -maxdepth 1 -name "${pkg}_*.orig.tar.[gx]z" | sort -V | tail -n 1)
    [[ -n $orig ]] || { rm -rf "$work"; die "no ${pkg}_*.orig.tar.gz or .tar.xz in the source package"; }
    mkdir -p "$cache"
    cp "$orig" "$cache/$(basename "$orig").part.$$"
    mv "$cache/$(basename "$orig").part.$$" "$cache/$(basename "$orig")"
    rm -rf "$work"
    echo "$cache/$(basename "$orig")"
}

if [[ -n ${!tarball_var:-} ]]; then
    tarball=${!tarball_var}
    tarball_ok "$tarball" || die "$tarball_var=$tarball is not a readable .tar.gz or .tar.xz"
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
stage=$(mktemp -d "$(dirname "$dest")/.$pkg-unpack.XXXXXX")
trap 'rm -rf "$stage"' EXIT
tar -xf "$tarball" -C "$stage" --no-same-owner
top=$(find "$stage" -mindepth 1 -maxdepth 1 -type d | head -n 1)
if [[ -z $top ]] || ! is_tree "$top"; then
    die "$tarball does not contain a $label source tree"
fi
[[ -d $dest ]] && rmdir "$dest"    # empty (checked above)
mv "$top" "$dest"
log "unpacked $label $(tree_version "$dest") from $(basename "$tarball")"
echo "$dest"
