#!/usr/bin/env bash
# Fetch the upstream Lua 5.4 source (the pristine .orig tarball of Debian's
# lua5.4 source package, without Debian's patches) into DEST.
#
# usage: fetch.sh [DEST]
#   DEST defaults to <dir of this script>/upstream/lua, which is the
#   [project] root of examples/lua/pgolab.toml. After a successful run DEST
#   holds Lua's top-level Makefile and src/.
#
# environment:
#   PGOLAB_CACHE         where the downloaded lua5.4_*.orig.tar.gz is kept and
#                        looked for first (default ~/.cache/pgolab/sources);
#                        with a tarball there, apt is not used at all
#   PGOLAB_LUA_TARBALL   use this tarball instead of the cache or apt
#   PGOLAB_NO_APT=1      fail instead of falling back to apt
#
# Idempotent: if DEST already holds the unpacked source, nothing is done.
# The source is never committed (upstream/.gitignore ignores it).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck disable=SC2034  # dest, pkg, label and tarball_var are read by ../lib/debian-source.sh
dest=${1:-$script_dir/upstream/lua}
pkg=lua5.4
label=Lua
tarball_var=PGOLAB_LUA_TARBALL

is_tree() {
    [[ -f $1/Makefile && -f $1/src/Makefile && -f $1/src/lua.c && -f $1/src/lua.h ]]
}

tree_version() {
    # "5.4.6" from LUA_VERSION_MAJOR/MINOR/RELEASE in src/lua.h
    awk '/#define LUA_VERSION_(MAJOR|MINOR|RELEASE)[ \t]/ { gsub(/"/, "", $3); v = v (v == "" ? "" : ".") $3 }
         END { print v }' "$1/src/lua.h"
}

# shellcheck source=../lib/debian-source.sh
source "$script_dir/../lib/debian-source.sh"
