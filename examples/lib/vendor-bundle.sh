#!/usr/bin/env bash
# Shared by examples/dragonfly/fetch.sh and examples/pgdog/fetch.sh: the checksum check of a source
# bundle from ../shared/vendor (the systems whose git dependencies live on code hosts these machines
# cannot reach).
#
# The caller sets vendor (the directory holding the bundles and SHA256SUMS: PGOLAB_VENDOR, else
# ../shared/vendor from the repository root) and defines log and die; then it sources this file and
# calls check_bundle FILE-NAME, which returns only when $vendor/FILE-NAME is there, listed in
# $vendor/SHA256SUMS with the SHA-256 it has, and zstd (to unpack it) is installed.
# shellcheck disable=SC2154   # vendor comes from the caller

check_bundle() { # FILE-NAME
    local name=$1 file=$vendor/$1 sums=$vendor/SHA256SUMS want got
    [[ -f $file ]] || die "upstream is not reachable and there is no bundle $file (set PGOLAB_VENDOR to the directory holding $name and SHA256SUMS)"
    [[ -f $sums ]] || die "no $sums to check $name against (set PGOLAB_VENDOR)"
    want=$(awk -v f="$name" '$2 == f || $2 == "*"f { print $1 }' "$sums")
    [[ -n $want ]] || die "$sums has no line for $name"
    got=$(sha256sum "$file" | cut -d' ' -f1)
    [[ $got == "$want" ]] || die "$file: SHA-256 is $got, $sums says $want; the bundle is damaged or not the one this example expects"
    log "using the bundle $file (SHA-256 OK)"
    command -v zstd >/dev/null || die "zstd not found (apt-get install -y zstd)"
}
