#!/usr/bin/env bash
# Fetch the source of PgDog v0.1.17 (a PostgreSQL pooler in Rust) and of its one git dependency,
# scram, into DEST: DEST/pgdog (the cargo workspace, [project] root of pgolab.toml) and DEST/scram.
#
# usage: fetch.sh [DEST]
#   DEST defaults to <dir of this script>/upstream.
#
# Where the source comes from, first that works:
#   1. upstream: git clone of pgdogdev/pgdog at tag v0.1.17 and pgdogdev/scram at 848003d, tried
#      with a short timeout (PGOLAB_PGDOG_GIT_TIMEOUT seconds, default 15; PGOLAB_PGDOG_NO_GIT=1
#      skips it). On these machines the code host is not reachable, so this fails quickly.
#   2. the bundle pgdog-v0.1.17-scram-848003d-src.tar.zst in PGOLAB_VENDOR (default: ../shared/vendor
#      relative to the repository root), its SHA-256 checked against PGOLAB_VENDOR/SHA256SUMS.
#
# One change to the tree as published: pgdog/.cargo/config.toml. Upstream's asks for
#   [target.x86_64-unknown-linux-gnu] linker = "/usr/bin/clang", rustflags = link-arg=--ld-path=/usr/bin/mold
# (neither clang under that name nor mold is installed here, and pgolab adds its PGO flags to the
# project's own rustflags, so mold would stay in every variant's link). fetch.sh keeps it as
# .cargo/config.toml.upstream and writes a config.toml that instead redirects the one git
# dependency (scram, https://github.com/pgdogdev/scram.git) to DEST/scram with a [patch] section,
# so cargo never asks the code host, and leaves the linker to rustc's default (cc).
# With the [patch], the scram entry of Cargo.lock loses its git source line: fetch.sh then runs
# 'cargo fetch' once, which makes that change and downloads the registry crates (from the crate
# registry, as PgDog's Cargo.lock pins them), so the builds can use --locked.
#
# Idempotent: an existing tree is left alone. The source is never committed (upstream/.gitignore).
set -euo pipefail

version=v0.1.17
scram_commit=848003d
bundle=pgdog-$version-scram-$scram_commit-src.tar.zst
script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$script_dir/../.." && pwd)
dest=${1:-$script_dir/upstream}
vendor=${PGOLAB_VENDOR:-$repo_root/../shared/vendor}

log() { printf 'fetch.sh: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }
# check_bundle FILE-NAME: the bundle in $vendor, its SHA-256 checked against $vendor/SHA256SUMS
# shellcheck source=../lib/vendor-bundle.sh
source "$script_dir/../lib/vendor-bundle.sh"
is_tree() { [[ -f $1/pgdog/Cargo.toml && -f $1/pgdog/Cargo.lock && -f $1/pgdog/pgdog/src/main.rs && -f $1/scram/Cargo.toml ]]; }

if is_tree "$dest"; then
    log "PgDog $version source already present in $dest"
    echo "$dest/pgdog"
    exit 0
fi
for d in pgdog scram; do
    if [[ -e $dest/$d ]] && [[ -n $(ls -A "$dest/$d" 2>/dev/null) ]]; then
        die "$dest/$d exists but is not a complete PgDog $version source tree; remove $dest/pgdog and $dest/scram first"
    fi
done
mkdir -p "$dest"
work=$(mktemp -d "$dest/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT

from_git() {
    [[ ${PGOLAB_PGDOG_NO_GIT:-0} == 1 ]] && return 1
    command -v git >/dev/null || return 1
    local t=${PGOLAB_PGDOG_GIT_TIMEOUT:-15}
    log "trying upstream (git, ${t}s timeout): pgdogdev/pgdog $version, pgdogdev/scram $scram_commit"
    GIT_TERMINAL_PROMPT=0 timeout "$t" git clone -q --depth 1 --branch "$version" \
        https://github.com/pgdogdev/pgdog.git "$work/pgdog" 2>/dev/null || return 1
    GIT_TERMINAL_PROMPT=0 timeout "$t" git clone -q https://github.com/pgdogdev/scram.git "$work/scram" 2>/dev/null || return 1
    git -C "$work/scram" -c advice.detachedHead=false checkout -q "$scram_commit" || return 1
    rm -rf "$work/pgdog/.git" "$work/scram/.git"
}

from_bundle() {
    local file=$vendor/$bundle
    check_bundle "$bundle"
    tar -I zstd -xf "$file" -C "$work" || die "cannot unpack $file"
}

rm -rf "$work/pgdog" "$work/scram"
if ! from_git; then
    rm -rf "$work/pgdog" "$work/scram"
    from_bundle
fi
write_cargo_config() {
    local c=$1/pgdog/.cargo
    mkdir -p "$c"
    [[ -f $c/config.toml ]] && mv "$c/config.toml" "$c/config.toml.upstream"
    cat >"$c/config.toml" <<'TOML'
# Written by examples/pgdog/fetch.sh (upstream's own is config.toml.upstream next to this file: it
# links with /usr/bin/clang and mold, which pgolab's example does not need). The scram git
# dependency comes from the unpacked ../scram (paths here are relative to the directory that holds
# .cargo/), so no git host is needed.
[patch."https://github.com/pgdogdev/scram.git"]
scram = { path = "../scram" }
TOML
    log "pgdog/.cargo/config.toml: scram from ../scram, no clang/mold linker (upstream's kept as config.toml.upstream)"
}

is_tree "$work" || die "the unpacked source lacks pgdog/Cargo.toml, pgdog/pgdog/src/main.rs or scram/Cargo.toml"
write_cargo_config "$work"
log "cargo fetch (Cargo.lock: scram from the path dependency; registry crates into cargo's cache)"
(cd "$work/pgdog" && cargo fetch --quiet) || die "cargo fetch failed in $work/pgdog (the crate registry must be reachable, or the crates in cargo's cache)"
rm -rf "$dest/pgdog" "$dest/scram"
mv "$work/pgdog" "$work/scram" "$dest/"
log "PgDog $version -> $dest/pgdog, scram $scram_commit -> $dest/scram"
echo "$dest/pgdog"
