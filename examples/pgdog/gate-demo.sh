#!/usr/bin/env bash
# A pull request to PgDog gated by pgolab, as a CI bot would: a git repository with this example
# (config, scripts, PgDog's source) at v0.1.17 as the base, and one commit on top that adds eager
# debug formatting of every protocol message PgDog reads (net/stream.rs, read_buf: a
# format!("{:?}") handed to trace!, computed even when tracing is off, a classic hot-path mistake).
# Then 'pgolab gate' builds both commits in worktrees and measures them interleaved.
#
# usage: examples/pgdog/gate-demo.sh [DEST] [GATE OPTIONS...]
#   DEST: where the repository is made (default /tmp/pgolab-pgdog-gate; remade on every run)
#   GATE OPTIONS default to: --variants release --workload pooler-select --workload pooler-tpcb
#     --max-time 180s --markdown DEST/gate.md --json DEST/gate.json
# Needs examples/pgdog/fetch.sh to have run (upstream/pgdog, upstream/scram). Each build of PgDog is
# ~10 min of CPU on this machine (fat LTO); the two commits' builds are not shared.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$here/../.." && pwd)
dest=${1:-/tmp/pgolab-pgdog-gate}
shift || true
[[ -f $here/upstream/pgdog/pgdog/src/net/stream.rs && -d $here/upstream/scram ]] \
    || { echo "gate-demo.sh: run examples/pgdog/fetch.sh first" >&2; exit 2; }

rm -rf "$dest"
mkdir -p "$dest/upstream"
# the example without its build store, and PgDog's source committed (upstream/ is git-ignored here)
(cd "$here" && tar --exclude=./.pgolab --exclude=./upstream -cf - .) | (cd "$dest" && tar -xf -)
cp -a "$here/upstream/pgdog" "$here/upstream/scram" "$dest/upstream/"
cd "$dest"
printf '.pgolab/\n' >.gitignore   # pgolab's build store (the gate's worktrees are made in it)
git init -q -b main
git -c user.name=pgolab -c user.email=pgolab@localhost add -A
git -c user.name=pgolab -c user.email=pgolab@localhost commit -q -m "PgDog v0.1.17 with pgolab's example config"
git tag base

stream=upstream/pgdog/pgdog/src/net/stream.rs
grep -q 'let message = Message::new(bytes.split().freeze());' "$stream" \
    || { echo "gate-demo.sh: $stream is not v0.1.17's (read_buf changed)" >&2; exit 2; }
python3 - "$stream" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
old = "            let message = Message::new(bytes.split().freeze());\n"
new = ("            // Describe every message for the trace log (computed even when tracing is off).\n"
       "            let described = format!(\"{:?}\", &bytes[..capacity]);\n"
       "            trace!(\"read {} bytes: {}\", capacity, described);\n" + old)
assert s.count(old) == 1
open(p, "w").write(s.replace(old, new))
PY
git -c user.name=pgolab -c user.email=pgolab@localhost commit -q -am "net: describe every message read in the trace log"

if [[ $# -eq 0 ]]; then
    set -- --variants release --workload pooler-select --workload pooler-tpcb --max-time 180s \
        --markdown "$dest/gate.md" --json "$dest/gate.json"
fi
echo "gate-demo.sh: $dest: base = v0.1.17, candidate = $(git log -1 --format=%s)" >&2
exec "$repo_root/pgolab" gate --base base "$@"
