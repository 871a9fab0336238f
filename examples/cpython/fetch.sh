#!/usr/bin/env bash
# Fetch the upstream CPython 3.11 source (the pristine .orig tarball of Debian's python3.11
# source package, without Debian's patches) into DEST.
#
# usage: fetch.sh [DEST]
#   DEST defaults to <dir of this script>/upstream/cpython, the [project] root of
#   examples/cpython/pgolab.toml. After a successful run DEST holds CPython's configure
#   script, Python/, Modules/ and Lib/.
#
# environment:
#   PGOLAB_CACHE             where the downloaded python3.11_*.orig.tar.xz is kept and looked
#                            for first (default ~/.cache/pgolab/sources); with a tarball there,
#                            apt is not used at all
#   PGOLAB_CPYTHON_TARBALL   use this tarball instead of the cache or apt
#   PGOLAB_NO_APT=1          fail instead of falling back to apt
#
# Idempotent: if DEST already holds the unpacked source, nothing is done.
# The source is never committed (upstream/.gitignore ignores it).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck disable=SC2034  # dest, pkg, label and tarball_var are read by ../lib/debian-source.sh
dest=${1:-$script_dir/upstream/cpython}
pkg=python3.11
label=CPython
tarball_var=PGOLAB_CPYTHON_TARBALL

is_tree() {
    [[ -x $1/configure && -f $1/Python/ceval.c && -f $1/Modules/_json.c && -f $1/Lib/os.py ]]
}

tree_version() {
    # "3.11" from PACKAGE_VERSION in configure
    sed -nE "s/^PACKAGE_VERSION='([^']*)'.*/\1/p" "$1/configure"
}

# shellcheck source=../lib/debian-source.sh
source "$script_dir/../lib/debian-source.sh"
