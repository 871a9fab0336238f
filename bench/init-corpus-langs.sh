#!/usr/bin/env bash
# First contact on cargo and Go trees pgolab was never tuned on (bench/init-corpus-langs.list), fetched
# at run time: 'pgolab init' then 'pgolab build release', both unedited, and whether the project's own
# settings reached the release build: for cargo its [profile.release] (opt-level, lto, codegen-units) and
# rustflags, as the cargo commands pgolab ran show them; for Go the -tags/-ldflags of its Makefile, as
# 'go version -m' reads them from the binary.
# usage: bench/init-corpus-langs.sh [NAME...]   (default: every tree of the list)
# (CARGO_TERM_VERBOSE=true makes cargo print the rustc commands, which the table reads; the config is unedited.)
# environment: PGOLAB_CORPUS_WORK (default /tmp/pgolab-init-corpus-langs), BUILD_TIMEOUT (default 40m),
#              PGOLAB (the pgolab to run; default ./pgolab of this tree).
# Prints one table row per tree; each tree's init output, config and build log stay in its work directory.
set -uo pipefail
cd "$(dirname "$0")/.."
here=$PWD
work=${PGOLAB_CORPUS_WORK:-/tmp/pgolab-init-corpus-langs}
mkdir -p "$work"
pgolab=${PGOLAB:-$here/pgolab}
go=$(command -v go || echo /usr/local/go/bin/go)

log() { printf 'init-corpus-langs: %s\n' "$*" >&2; }

# fetch KIND NAME SOURCE WHAT VERSION: the tree into $work/NAME/NAME (a directory named like the project).
fetch() {
    local kind=$1 name=$2 source=$3 what=$4 version=$5 dest=$work/$2/$2
    [[ -e $dest/Cargo.toml || -e $dest/go.mod ]] && return 0
    rm -rf "$work/$name" && mkdir -p "$work/$name"
    case $source in
    crate)
        local probe=$work/$name/.fetch
        mkdir -p "$probe/src" && : >"$probe/src/lib.rs"
        printf '[package]\nname = "pgolab-fetch"\nversion = "0.0.0"\nedition = "2021"\npublish = false\n\n[dependencies]\n%s = "=%s"\n' \
            "$what" "$version" >"$probe/Cargo.toml"
        (cd "$probe" && cargo fetch --quiet 2>/dev/null) || return 1
        local crate
        crate=$(find "${CARGO_HOME:-$HOME/.cargo}/registry/cache" -name "$what-$version.crate" | head -n 1)
        [[ -n $crate ]] || return 1
        tar -xzf "$crate" -C "$work/$name" --no-same-owner && mv "$work/$name/$what-$version" "$dest" && rm -rf "$probe"
        ;;
    module)
        local dir
        dir=$("$go" mod download -json "$what@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
        [[ -n $dir && -d $dir ]] || return 1
        cp -r "$dir" "$dest" && chmod -R u+w "$dest"
        ;;
    debian)
        (cd "$work/$name" && apt-get source -qq "$what=$version" >/dev/null 2>&1) || return 1
        local top
        top=$(find "$work/$name" -mindepth 1 -maxdepth 1 -type d -name "$what-*" | head -n 1)
        [[ -n $top ]] && mv "$top" "$dest"
        ;;
    esac
}

# What the project's own build settings are, and whether the release build kept them.
kept() {
    local kind=$1 dir=$2 out=$3
    if [[ $kind == cargo ]]; then
        local own
        own=$(sed -n '/^\[profile.release\]/,/^\[/{/^\(opt-level\|lto\|codegen-units\|panic\|strip\)/p}' "$dir/Cargo.toml" | tr -d ' "' | paste -sd' ' -)
        # the program's rustc line in the release build's log (cargo -v): the -C settings cargo passed it
        local bin seen audit
        bin=$(sed -n 's/^bins = \["\([^"]*\)".*/\1/p' "$dir/pgolab.toml" | tr - _)
        seen=$(grep -- "--crate-name $bin .*--crate-type bin" "$dir/.pgolab/logs/build-release.log" 2>/dev/null | head -n 1 |
            grep -o -- '-C lto[^ ]*\|-C codegen-units=[^ ]*\|-C opt-level=[^ ]*\|-C strip=[^ ]*\|-C panic=[^ ]*' | sort -u | paste -sd' ' -)
        audit=$(sed -n 's/^ *audit: //p' "$out/build-verbose.log" | head -n 1)
        echo "own: ${own:-the release defaults of cargo}; rustc got: ${seen:-?}; audit: ${audit:-none}"
    else
        local bin own
        bin=$(find "$dir/.pgolab/build/release" -maxdepth 1 -type f -perm -u+x 2>/dev/null | head -n 1)
        own=$(sed -n 's/^\(goflags\|ldflags\) = \("[^"]*"\).*/\1=\2/p' "$dir/pgolab.toml" | paste -sd' ' -)
        local seen
        seen=$("$go" version -m "$bin" 2>/dev/null | sed -n 's/^\tbuild\t\(-ldflags\|-tags\)=\(.*\)/\1=\2/p' | paste -sd' ' -)
        echo "config: $own; binary (go version -m): ${seen:-no -ldflags or -tags}"
    fi
}

printf '| tree | kind | what init chose | init | build release | time | project settings kept |\n|---|---|---|---|---|---|---|\n'
grep -v '^#' bench/init-corpus-langs.list | while read -r kind name source what version; do
    [[ -n $kind ]] || continue
    if [[ $# -gt 0 ]] && [[ " $* " != *" $name "* ]]; then continue; fi
    dir=$work/$name/$name
    out=$work/$name
    if ! fetch "$kind" "$name" "$source" "$what" "$version"; then
        printf '| %s %s | %s | - | fetch failed | - | - | - |\n' "$name" "$version" "$kind"
        continue
    fi
    rm -f "$dir/pgolab.toml"
    init=ok
    "$pgolab" -C "$dir" init >"$out/init.log" 2>&1 || init="failed ($(tail -n 1 "$out/init.log"))"
    chose=$(grep -E '^(package|bins|jar|classpath) = ' "$dir/pgolab.toml" 2>/dev/null | paste -sd' ' - | sed 's/|/\\|/g')
    build=-
    took=-
    if [[ $init == ok ]]; then
        start=$(date +%s)
        if CARGO_TERM_VERBOSE=true timeout "${BUILD_TIMEOUT:-40m}" "$pgolab" -C "$dir" --verbose build release >"$out/build-verbose.log" 2>&1; then
            build=ok
        else
            build="failed ($(grep -m1 '^error' "$out/build-verbose.log" | cut -c1-120))"
        fi
        took=$(( $(date +%s) - start ))s
    fi
    printf '| %s %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$version" "$kind" "$chose" "$init" "$build" "$took" \
        "$(kept "$kind" "$dir" "$out" | sed 's/|/\\|/g')"
done
echo "(load: $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ))"
