#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the PgDog example (the same as examples/pgbouncer/postgres.sh): initdb in a fresh temp dir, the server
# in the foreground on 127.0.0.1:PORT (unix socket in the temp dir), the temp dir removed when it
# has stopped.
#
# usage: postgres.sh PORT
#
# Stop it with SIGINT (PostgreSQL's fast shutdown: sessions are ended, a shutdown checkpoint is
# written, the server exits 0), sent to this script's process group or to the server; SIGTERM
# (smart shutdown) works too but waits for the sessions to end. This script stays the server's
# parent only to remove the temp dir afterwards, and exits with the server's status.
#
# As root (PostgreSQL refuses to run as root), initdb and postgres run as the 'postgres' user
# (setpriv; the Debian package creates the user), else in a user namespace of their own
# (unshare --user), where they are not root.
#
# environment:
#   PGOLAB_PG_BINDIR   where initdb and postgres are (default: the newest /usr/lib/postgresql/*/bin,
#                      else the directory of initdb on PATH)
set -euo pipefail

port=${1:?usage: postgres.sh PORT}
bindir=${PGOLAB_PG_BINDIR:-}
if [[ -z $bindir ]]; then
    bindir=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -n 1)
    [[ -n $bindir ]] || bindir=$(dirname "$(command -v initdb || echo /nonexistent/initdb)")
fi
[[ -x $bindir/initdb && -x $bindir/postgres ]] \
    || { echo "postgres.sh: no initdb/postgres in '$bindir' (apt-get install -y postgresql, or set PGOLAB_PG_BINDIR)" >&2; exit 1; }

dir=$(mktemp -d "${TMPDIR:-/tmp}/pgolab-postgres.XXXXXX")
trap 'rm -rf "$dir"' EXIT
as_user=()
if [[ $(id -u) -eq 0 ]]; then
    if id -u postgres >/dev/null 2>&1; then
        chown postgres: "$dir"
        as_user=(setpriv --reuid=postgres --regid=postgres --init-groups --)
    else
        as_user=(unshare --user --)
    fi
fi

"${as_user[@]}" "$bindir/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-locale --no-sync \
    >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }

# Durability off (a benchmark cluster that is thrown away): no fsync, no WAL flush per commit.
# The stop signal reaches the server from the process group; the trap only keeps this shell alive
# (a trapped signal interrupts 'wait') so that it can remove the temp dir.
trap ':' INT TERM
"${as_user[@]}" "$bindir/postgres" -D "$dir/data" -p "$port" -k "$dir" \
    -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=128MB \
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
    -c logging_collector=off -c log_min_messages=warning &
pid=$!
status=0
while :; do
    wait "$pid" && status=0 || status=$?
    kill -0 "$pid" 2>/dev/null || break
done
exit "$status"
