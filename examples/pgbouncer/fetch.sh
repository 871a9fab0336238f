#!/usr/bin/env bash
# Fetch the upstream PgBouncer source (the pristine .orig tarball of Debian's
# pgbouncer source package, without Debian's patches) into DEST.
#
# usage: fetch.sh [DEST]
#   DEST defaults to <dir of this script>/upstream/pgbouncer, which is the
#   [project] root of examples/pgbouncer/pgolab.toml. After a successful run DEST
#   holds PgBouncer's configure script, src/ and the bundled lib/ (libusual).
#
# environment:
#   PGOLAB_CACHE               where the downloaded pgbouncer_*.orig.tar.gz is kept and
#                              looked for first (default ~/.cache/pgolab/sources);
#                              with a tarball there, apt is not used at all
#   PGOLAB_PGBOUNCER_TARBALL   use this tarball instead of the cache or apt
#   PGOLAB_NO_APT=1            fail instead of falling back to apt
#
# Idempotent: if DEST already holds the unpacked source, nothing is done.
# The source is never committed (upstream/.gitignore ignores it).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck disable=SC2034  # dest, pkg, label and tarball_var are read by ../lib/debian-source.sh
dest=${1:-$script_dir/upstream/pgbouncer}
pkg=pgbouncer
label=PgBouncer
tarball_var=PGOLAB_PGBOUNCER_TARBALL

is_tree() {
    [[ -x $1/configure && -f $1/src/main.c && -f $1/src/janitor.c && -d $1/lib/usual ]]
}

tree_version() {
    # "1.18.0" from PACKAGE_VERSION in configure
    sed -nE "s/^PACKAGE_VERSION='([^']*)'.*/\1/p" "$1/configure"
}

# shellcheck source=../lib/debian-source.sh
source "$script_dir/../lib/debian-source.sh"
