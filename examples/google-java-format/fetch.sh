#!/usr/bin/env bash
# Fetch google-java-format (the all-deps jar) from Maven Central into DEST with Maven's own
# dependency plugin (checksums verified by Maven).
#
# usage: fetch.sh [DEST]
#   DEST defaults to <dir of this script>/upstream, where pgolab.toml's toolchain.jar points.
#   The corpus link is DEST/corpus -> pgolab's own src/ (the Java sources formatted by the workloads).
#
# environment:
#   PGOLAB_GJF_VERSION   google-java-format version (default 1.28.0, the newest that runs on Java 17)
#   MVN                  the mvn command (default: mvn on PATH)
#
# Idempotent: does nothing when the jar and the link are already there. The jar is never committed
# (upstream/.gitignore ignores it).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dest=${1:-$script_dir/upstream}
version=${PGOLAB_GJF_VERSION:-1.28.0}
mvn=${MVN:-mvn}
jar="$dest/google-java-format-$version-all-deps.jar"

mkdir -p "$dest"
repo_src=$(cd "$script_dir/../../src" && pwd)
[[ -e $dest/corpus ]] || ln -s "$repo_src" "$dest/corpus"
if [[ -s $jar ]]; then
    exit 0
fi
command -v "$mvn" >/dev/null || { echo "fetch.sh: no mvn (apt-get install -y maven)" >&2; exit 1; }
tmp=$(mktemp -d "$dest/.fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$mvn" -B -q dependency:copy -Dartifact="com.google.googlejavaformat:google-java-format:$version:jar:all-deps" \
    -DoutputDirectory="$tmp" >&2
mv -f "$tmp/google-java-format-$version-all-deps.jar" "$jar"
