#!/usr/bin/env bash
# Fetch the upstream lz4 source (the pristine .orig tarball of Debian's lz4
# source package, without Debian's patches) into DEST.
#
# usage: fetch.sh [DEST]
#   DEST defaults to <dir of this script>/upstream/lz4, which is the
#   [project] root of examples/lz4/pgolab.toml. After a successful run DEST
#   holds lz4's lib/ and programs/.
#
# environment:
#   PGOLAB_CACHE         where the downloaded lz4_*.orig.tar.gz is kept and
#                        looked for first (default ~/.cache/pgolab/sources);
#                        with a tarball there, apt is not used at all
#   PGOLAB_LZ4_TARBALL   use this tarball instead of the cache or apt
#   PGOLAB_NO_APT=1      fail instead of falling back to apt
#
# Idempotent: if DEST already holds the unpacked source, nothing is done.
# The source is never committed (upstream/.gitignore ignores it).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck disable=SC2034  # dest, pkg, label and tarball_var are read by ../lib/debian-source.sh
dest=${1:-$script_dir/upstream/lz4}
pkg=lz4
label=lz4
tarball_var=PGOLAB_LZ4_TARBALL

is_tree() {
    [[ -f $1/Makefile && -f $1/programs/Makefile && -f $1/programs/lz4cli.c && -f $1/lib/lz4hc.c && -f $1/lib/lz4.h ]]
}

tree_version() {
    # "1.9.4" from LZ4_VERSION_MAJOR/MINOR/RELEASE in lib/lz4.h
    awk '/#define LZ4_VERSION_(MAJOR|MINOR|RELEASE)[ \t]/ { v = v (v == "" ? "" : ".") $3 }
         END { print v }' "$1/lib/lz4.h"
}

# shellcheck source=../lib/debian-source.sh
source "$script_dir/../lib/debian-source.sh"
