#!/usr/bin/env bash
# Fetch DragonflyDB v1.26.4 (a Redis-compatible store in C++, CMake) with every third-party
# download its CMake makes, and build memtier_benchmark (the client), into DEST:
#   DEST/dragonfly   the source tree ([project] root of pgolab.toml), helio included
#   DEST/dl          the tarballs its CMake downloads, under their GitHub URL paths
#   DEST/git         depth-1 mirrors of the git repositories its CMake clones
#   DEST/memtier     memtier_benchmark, built (DEST/memtier/memtier_benchmark)
#
# usage: fetch.sh [DEST]
#   DEST defaults to <dir of this script>/upstream.
#
# Where the source comes from, first that works:
#   1. upstream: git clone of dragonflydb/dragonfly at tag v1.26.4 (with the helio submodule) and of
#      RedisLabs/memtier_benchmark, tried with a short timeout (PGOLAB_DRAGONFLY_GIT_TIMEOUT seconds,
#      default 15; PGOLAB_DRAGONFLY_NO_GIT=1 skips it). A clone from upstream still downloads the
#      third parties at build time (its CMake files are left as published). On these machines the
#      code host is not reachable, so this fails quickly.
#   2. the bundles dragonfly-v1.26.4-src.tar.zst and memtier_benchmark-src.tar.zst in PGOLAB_VENDOR
#      (default: ../shared/vendor relative to the repository root), their SHA-256 checked against
#      PGOLAB_VENDOR/SHA256SUMS. From the bundle, fetch.sh rewrites the tree once (as the bundle's
#      recipes/dragonfly-build.sh does) so that the build needs no network:
#        - every tarball URL of the CMake files (https://github.com/..., https://codeload.github.com/...)
#          becomes file://DEST/dl/<the same path>;
#        - every GIT_REPOSITORY https://github.com/O/R becomes file://DEST/git/O/R.
#      rapidjson's googletest submodule is cloned by git from the URL in rapidjson's .gitmodules;
#      pgolab.toml's build command points git at DEST/git for that (GIT_CONFIG_* url.insteadOf).
#
# One change for clang 19, from either source: the jsoncons fork Dragonfly v1.26.4 clones (branch
# Dragonfly) has, in json_options.hpp, a move constructor that reads other.indent_chars (a member
# function) where it means other.indent_chars_; clang 19 checks such member accesses in templates
# that are never instantiated and stops with "reference to non-static member function must be
# called" (gcc and older clangs accept it). fetch.sh adds a PATCH_COMMAND to the jsoncons entry of
# src/CMakeLists.txt that makes that one-character fix in the cloned source.
#
# Idempotent: an existing tree is left alone (memtier is built if it is missing). The source is
# never committed (upstream/.gitignore).
set -euo pipefail

version=v1.26.4
df_bundle=dragonfly-$version-src.tar.zst
mt_bundle=memtier_benchmark-src.tar.zst
script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$script_dir/../.." && pwd)
dest=${1:-$script_dir/upstream}
vendor=${PGOLAB_VENDOR:-$repo_root/../shared/vendor}

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
is_df_tree() { [[ -f $1/dragonfly/CMakeLists.txt && -f $1/dragonfly/src/server/dfly_main.cc && -f $1/dragonfly/helio/cmake/third_party.cmake ]]; }
is_mt_source() { [[ -f $1/memtier_benchmark/configure.ac && -f $1/memtier_benchmark/memtier_benchmark.cpp ]]; }

# check_bundle FILE-NAME: the bundle in $vendor, its SHA-256 checked against $vendor/SHA256SUMS
# shellcheck source=../lib/vendor-bundle.sh
source "$script_dir/../lib/vendor-bundle.sh"

mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
work=$(mktemp -d "$dest/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT

# --- Dragonfly -------------------------------------------------------------------------------
df_from_git() {
    [[ ${PGOLAB_DRAGONFLY_NO_GIT:-0} == 1 ]] && return 1
    command -v git >/dev/null || return 1
    local t=${PGOLAB_DRAGONFLY_GIT_TIMEOUT:-15}
    log "trying upstream (git, ${t}s timeout): dragonflydb/dragonfly $version"
    GIT_TERMINAL_PROMPT=0 timeout "$t" git clone -q --depth 1 --branch "$version" --recurse-submodules --shallow-submodules \
        https://github.com/dragonflydb/dragonfly.git "$work/dragonfly" 2>/dev/null || return 1
    rm -rf "$work/dragonfly/.git"
}

df_from_bundle() {
    check_bundle "$df_bundle"
    tar -I zstd -xf "$vendor/$df_bundle" -C "$work" || die "cannot unpack $vendor/$df_bundle"
    # the bundle holds df-src/{dragonfly,dl,git,MANIFEST.txt,MISSING.txt}
    [[ -d $work/df-src/dragonfly && -d $work/df-src/dl && -d $work/df-src/git ]] || die "$df_bundle lacks df-src/dragonfly, df-src/dl or df-src/git"
    mv "$work/df-src/dragonfly" "$work/df-src/dl" "$work/df-src/git" "$work/"
    mv "$work/df-src/MANIFEST.txt" "$work/df-src/MISSING.txt" "$work/dragonfly/" 2>/dev/null || true
    rmdir "$work/df-src" 2>/dev/null || rm -rf "$work/df-src"
}

rewrite_urls() { # points the CMake downloads and clones of $work/dragonfly at $dest/dl and $dest/git
    local files
    files=$(cd "$work/dragonfly" && grep -rlE --include=CMakeLists.txt --include='*.cmake' 'https://(codeload\.)?github\.com/' . || true)
    [[ -n $files ]] || die "no GitHub URL in the CMake files of the bundle: not the tree this example expects"
    (cd "$work/dragonfly" && printf '%s\n' "$files" | xargs sed -i -E \
        -e "/GIT_REPOSITORY/ s#https://github\.com/#file://$dest/git/#g" \
        -e "/GIT_REPOSITORY/! { s#https://codeload\.github\.com/([^ \")]*)#file://$dest/dl/\1.tar.gz#g; s#https://github\.com/#file://$dest/dl/#g }")
    # newer trees pin mimalloc's GitHub tarball by SHA-256 (a git-archive tarball differs byte-wise): pin the bundled file
    if grep -q 'set(MIMALLOC_SHA256' "$work/dragonfly/src/external_libs.cmake" 2>/dev/null; then
        local u f
        u=$(grep -o 'set(MIMALLOC_URL [^)]*' "$work/dragonfly/src/external_libs.cmake" | awk '{print $2}'); f=${u#file://}
        f=${f/#$dest/$work}
        [[ -f $f ]] && sed -i "s/set(MIMALLOC_SHA256 [0-9a-f]*)/set(MIMALLOC_SHA256 $(sha256sum "$f" | cut -d' ' -f1))/" "$work/dragonfly/src/external_libs.cmake"
    fi
    local left
    left=$(cd "$work/dragonfly" && grep -rnE --include=CMakeLists.txt --include='*.cmake' '^[^#]*https://(codeload\.)?github\.com/' . || true)
    [[ -z $left ]] || die "GitHub URLs left after the rewrite: $left"
    log "CMake downloads -> file://$dest/dl, git clones -> file://$dest/git ($(printf '%s\n' "$files" | wc -l) files rewritten)"
}

patch_jsoncons() { # TREE: the one change for clang 19; see the header and README.md (idempotent)
    local f=$1/src/CMakeLists.txt
    grep -q 'indent_chars_))' "$f" && return 0
    grep -q '^  GIT_TAG Dragonfly$' "$f" || die "$f has no jsoncons block with 'GIT_TAG Dragonfly': not the tree this example expects"
    sed -i '/^  GIT_TAG Dragonfly$/a\  PATCH_COMMAND sed -i "s/std::move(other.indent_chars))/std::move(other.indent_chars_))/" <SOURCE_DIR>/include/jsoncons/json_options.hpp' "$f"
    grep -q 'indent_chars_))' "$f" || die "could not add jsoncons' clang 19 fix to $f"
    log "src/CMakeLists.txt: jsoncons gets a PATCH_COMMAND (other.indent_chars -> other.indent_chars_, which clang 19 refuses)"
}

if is_df_tree "$dest"; then
    log "Dragonfly $version source already present in $dest/dragonfly"
    patch_jsoncons "$dest/dragonfly"
else
    for d in dragonfly dl git; do
        if [[ -e $dest/$d ]] && [[ -n $(ls -A "$dest/$d" 2>/dev/null) ]]; then
            die "$dest/$d exists but is not a complete Dragonfly $version source tree; remove $dest/dragonfly, $dest/dl and $dest/git first"
        fi
    done
    if df_from_git; then
        mkdir -p "$work/dl" "$work/git"   # upstream's CMake downloads by itself
    else
        rm -rf "$work/dragonfly"
        df_from_bundle
        rewrite_urls
    fi
    patch_jsoncons "$work/dragonfly"
    is_df_tree "$work" || die "the unpacked source lacks dragonfly/CMakeLists.txt, src/server/dfly_main.cc or helio/cmake/third_party.cmake"
    rm -rf "$dest/dragonfly" "$dest/dl" "$dest/git"
    mv "$work/dragonfly" "$work/dl" "$work/git" "$dest/"
    log "Dragonfly $version -> $dest/dragonfly (third parties in $dest/dl and $dest/git)"
fi

# --- memtier_benchmark (the client) ------------------------------------------------------------
mt=$dest/memtier
if [[ -x $mt/memtier_benchmark ]]; then
    log "memtier_benchmark already built: $mt/memtier_benchmark"
else
    rm -rf "$work/memtier_benchmark"
    if [[ ${PGOLAB_DRAGONFLY_NO_GIT:-0} != 1 ]] && command -v git >/dev/null \
        && GIT_TERMINAL_PROMPT=0 timeout "${PGOLAB_DRAGONFLY_GIT_TIMEOUT:-15}" git clone -q --depth 1 \
            https://github.com/RedisLabs/memtier_benchmark.git "$work/memtier_benchmark" 2>/dev/null; then
        log "memtier_benchmark from upstream (git)"
    else
        rm -rf "$work/memtier_benchmark"
        check_bundle "$mt_bundle"
        tar -I zstd -xf "$vendor/$mt_bundle" -C "$work" || die "cannot unpack $vendor/$mt_bundle"
    fi
    is_mt_source "$work" || die "the memtier_benchmark source lacks configure.ac or memtier_benchmark.cpp"
    for t in autoreconf make pkg-config; do command -v $t >/dev/null || die "$t not found (apt-get install -y autoconf automake libtool make pkg-config libevent-dev libssl-dev zlib1g-dev)"; done
    log "building memtier_benchmark (autoreconf -ivf && ./configure && make; log in $dest/memtier-build.log)"
    (cd "$work/memtier_benchmark" && autoreconf -ivf && ./configure && make -j"$(nproc)") >"$dest/memtier-build.log" 2>&1 \
        || { tail -20 "$dest/memtier-build.log" >&2; die "memtier_benchmark did not build (needs libevent-dev libssl-dev zlib1g-dev pkg-config); see $dest/memtier-build.log"; }
    rm -rf "$mt"
    mv "$work/memtier_benchmark" "$mt"
    "$mt/memtier_benchmark" --version >/dev/null 2>&1 || die "$mt/memtier_benchmark does not run"
    log "memtier_benchmark -> $mt/memtier_benchmark"
fi
echo "$dest/dragonfly"
