#!/usr/bin/env bash
# Figures for docs/benchmarks.md: CPython 3.11 built by pgolab (examples/cpython: the
# interpreter, its standard library and extension modules as one install tree per variant) against
# CPython's own PGO recipe, './configure --enable-optimizations --with-lto' with the same clang, on
# the example's held-out scripts (examples/cpython/bench/*.py). The recipe gets LLVM 19's own tools:
# its configure looks for llvm-ar (under --with-lto) and llvm-profdata (--enable-optimizations) on
# PATH first, where Debian's are LLVM 14 and cannot read clang 19's LTO objects or profiles ("Opaque
# pointers are only supported in -opaque-pointers mode", tried here; AR= alone is overridden by
# configure's LLVM_AR), so PATH starts with clang's own bin directory and LLVM_AR/LLVM_PROFDATA name them.
#
# usage: bench/cpython-recipe.sh [VARIANTS] [EXTRA COMPARE OPTIONS...]
#   VARIANTS: pgolab's variants to compare with the recipe, comma-separated (default pgo+lto,release),
#   built by 'pgolab -C examples/cpython build' beforehand (this script builds them if they are not).
#   The recipe is the baseline; each command is labelled (recipe, pgolab-VARIANT).
# The recipe's build goes to /tmp/pgolab-bench-cpython-recipe (kept: a second run reuses it); JSON and
# Markdown of each comparison to bench/out/cpython-recipe-*.{json,md}.
set -euo pipefail
cd "$(dirname "$0")/.."
IFS=, read -r -a variants <<<"${1:-pgo+lto,release}"
shift || true
mkdir -p bench/out
examples/cpython/fetch.sh >/dev/null
ours=()
for v in "${variants[@]}"; do
  ./pgolab -C examples/cpython build "$v" >&2
  ours+=("$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["binary"])' \
      "examples/cpython/.pgolab/variants/$v.json")")
done

work=/tmp/pgolab-bench-cpython-recipe
theirs=$work/install/usr/local/bin/python3.11
if [[ ! -x $theirs ]]; then
  rm -rf "$work" && mkdir -p "$work"
  cp -r examples/cpython/upstream/cpython "$work/src"
  llvm=$(dirname "$(readlink -f "$(command -v clang-19)")")
  start=$(date +%s)
  (cd "$work/src" && export PATH="$llvm:$PATH" \
    && ./configure CC="$llvm/clang" AR="$llvm/llvm-ar" LLVM_AR="$llvm/llvm-ar" LLVM_PROFDATA="$llvm/llvm-profdata" \
        --enable-optimizations --with-lto >"$work/configure.log" 2>&1 \
    && make -j"$(nproc)" >"$work/make.log" 2>&1 \
    && make install DESTDIR="$work/install" COMPILEALL_OPTS=-j0 >"$work/install.log" 2>&1) \
    || { echo "the recipe's build failed: see $work/*.log" >&2; exit 2; }
  echo "recipe build: $(( $(date +%s) - start )) s wall (configure, make with its own PROFILE_TASK, install)" >&2
fi

echo "### CPython 3.11: pgolab's ${variants[*]} vs ./configure --enable-optimizations --with-lto ($(date -u +%FT%TZ), load: $(cut -d' ' -f1-3 /proc/loadavg))"
echo "theirs: $theirs"
for i in "${!variants[@]}"; do echo "pgolab-${variants[$i]}: ${ours[$i]}"; done
for script in examples/cpython/bench/*.py; do
  name=$(basename "$script" .py)
  echo "#### $name"
  cmds=("$theirs $PWD/$script") labels=(-n recipe)
  for i in "${!variants[@]}"; do cmds+=("${ours[$i]} $PWD/$script"); labels+=(-n "pgolab-${variants[$i]}"); done
  ./pgolab compare --json "bench/out/cpython-recipe-$name.json" --markdown "bench/out/cpython-recipe-$name.md" \
    "${labels[@]}" "$@" -- "${cmds[@]}" 2>/dev/null | sed -n '1,14p'
done
