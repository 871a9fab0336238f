#!/usr/bin/env bash
# Runs COMMAND with an nginx (serve.sh) on a free port of 127.0.0.1, exported as DRILL_PORT, and
# stops nginx afterwards (also when COMMAND fails). The exit status is COMMAND's.
#
# usage: with-server.sh DIR COMMAND...
# A plain [[train]]/[[bench]] command form for pgolab versions without workload roles, where a
# service workload's server must be the program under test; see pgolab.toml.
set -euo pipefail
dir=${1:?usage: with-server.sh DIR COMMAND...}
shift
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); p=s.getsockname()[1]; s.close(); print(p)')
"$here/serve.sh" "$port" "$dir" >"${dir%/}.log" 2>&1 &
server=$!
trap 'kill -TERM $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    kill -0 $server 2>/dev/null || { cat "${dir%/}.log" >&2; exit 1; }
    sleep 0.1
done
DRILL_PORT=$port "$@"
