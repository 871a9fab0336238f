#!/usr/bin/env bash
# Fetch gofumpt (mvdan.cc/gofumpt, a stricter gofmt) from the Go module proxy into DEST, download
# its dependencies, and link the Go standard library sources (the formatting corpus) beside it.
#
# usage: fetch.sh [DEST]
#   DEST defaults to <dir of this script>/upstream/gofumpt, the [project] root of pgolab.toml.
#   The corpus link is <dir of DEST>/goroot-src -> $(go env GOROOT)/src.
#
# environment:
#   GO                       the go command (default: go on PATH, else /usr/local/go/bin/go)
#   PGOLAB_GOFUMPT_VERSION   module version (default v0.12.0, which needs Go >= 1.26)
#   GOPROXY, GOMODCACHE ...  as for any go command; the module zip is verified against the Go checksum database
#
# Idempotent: if DEST already holds the source, it only makes sure the dependencies and the link exist.
# The source is never committed (upstream/.gitignore ignores it).
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
dest=${1:-$script_dir/upstream/gofumpt}
version=${PGOLAB_GOFUMPT_VERSION:-v0.12.0}
go=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
[[ -x $go ]] || { echo "fetch.sh: no go command (set GO=/path/to/go)" >&2; exit 1; }

if [[ ! -f $dest/go.mod || ! -f $dest/gofmt.go ]]; then
    # 'go mod download' checks the zip against go.sum's database and unpacks it read-only into GOMODCACHE.
    dir=$(cd /tmp && GOFLAGS=-mod=mod "$go" mod download -json "mvdan.cc/gofumpt@$version" \
        | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
    [[ -n $dir && -d $dir ]] || { echo "fetch.sh: go mod download mvdan.cc/gofumpt@$version failed" >&2; exit 1; }
    mkdir -p "$(dirname "$dest")"
    tmp=$(mktemp -d "$(dirname "$dest")/.fetch.XXXXXX")
    cp -R "$dir/." "$tmp/"
    chmod -R u+w "$tmp"
    rm -rf "$dest"
    mv "$tmp" "$dest"
fi
(cd "$dest" && "$go" mod download)
ln -sfn "$("$go" env GOROOT)/src" "$(dirname "$dest")/goroot-src"
echo "$dest"
