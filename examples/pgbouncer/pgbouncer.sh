#!/usr/bin/env bash
# Start PgBouncer (BINARY, the build under test) on 127.0.0.1:LISTEN_PORT in front of the
# PostgreSQL on 127.0.0.1:PG_PORT, with a config written here (transaction pooling, no
# authentication, no unix socket, no log file: PgBouncer logs to stderr).
#
# usage: pgbouncer.sh BINARY LISTEN_PORT PG_PORT
#
# The script execs PgBouncer (same process id), so the stop signal reaches it directly. Stop it
# with SIGINT: PgBouncer then waits until no server connection is in use and returns from main
# with status 0, which is when an instrumented build writes its profile. (On SIGTERM it calls
# exit(1).) The config is a temp file, removed before PgBouncer starts: PgBouncer opens it as
# /dev/fd/3, which on Linux reopens the (unlinked) file from the start each time it is read.
#
# PgBouncer refuses to run as root. As root, it runs in a user namespace of its own
# (unshare --user): it is uid 65534 there, but still writes its files (the profile) as root,
# into pgolab's directories.
set -euo pipefail

binary=${1:?usage: pgbouncer.sh BINARY LISTEN_PORT PG_PORT}
listen_port=${2:?usage: pgbouncer.sh BINARY LISTEN_PORT PG_PORT}
pg_port=${3:?usage: pgbouncer.sh BINARY LISTEN_PORT PG_PORT}

as_user=()
[[ $(id -u) -eq 0 ]] && as_user=(unshare --user --)

# auth_type = any: clients are not authenticated and the user they name is ignored; every
# server connection logs in as the database entry's user (the cluster's superuser, trust auth).
ini=$(mktemp "${TMPDIR:-/tmp}/pgolab-pgbouncer.XXXXXX.ini")
cat >"$ini" <<INI
[databases]
postgres = host=127.0.0.1 port=$pg_port dbname=postgres user=postgres

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $listen_port
unix_socket_dir =
auth_type = any
pool_mode = transaction
max_client_conn = 200
default_pool_size = 20
server_login_retry = 1
log_connections = 0
log_disconnections = 0
stats_period = 3600
INI
exec 3<"$ini"
rm -f "$ini"
exec "${as_user[@]}" "$binary" /dev/fd/3
