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
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck disable=SC2034  # dest, pkg, label and tarball_var are read by ../lib/debian-source.sh
dest=${1:-$script_dir/upstream/redis}
pkg=redis
label=Redis
tarball_var=PGOLAB_REDIS_TARBALL

is_tree() {
    [[ -f $1/Makefile && -f $1/src/Makefile && -f $1/src/server.c && -f $1/src/version.h && -d $1/deps ]]
}

tree_version() {
    # "7.0.15" from REDIS_VERSION in src/version.h
    sed -nE 's/^#define REDIS_VERSION "([^"]*)".*/\1/p' "$1/src/version.h"
}

# shellcheck source=../lib/debian-source.sh
source "$script_dir/../lib/debian-source.sh"
