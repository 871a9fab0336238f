#!/usr/bin/env bash
# Start PgDog (BINARY, the build under test) on 127.0.0.1:LISTEN_PORT in front of the throwaway
# PostgreSQL on 127.0.0.1:PG_PORT, with pgdog.toml and users.toml written here from the shape of
# ../shared/vendor/recipes/pgdog.toml + users.toml (2 workers, transaction pooling, pool size 10),
# the ports substituted and the HTTP endpoints (OpenMetrics, health check) left off.
#
# usage: pgdog.sh BINARY LISTEN_PORT PG_PORT [MODE]
#   MODE pooler (default): database "pgdog" -> PostgreSQL's database "postgres"
#        lb:               database "pgdog" -> two entries (primary + replica) on the same
#                          PostgreSQL, round-robin load balancing, reads to the replica too
#        sharding-w2:      database "pgdog" -> two shards, databases shard_0 and shard_1 of the
#                          same PostgreSQL (the workload's setup creates them, so PgDog opens no
#                          server connection before the first client: min_pool_size = 0),
#                          pgbench_accounts sharded on aid, other tables with a bid column on bid
#
# Clients log in as user pgdog, password pgdog (SCRAM, PgDog's default auth); PgDog logs in to
# PostgreSQL as its superuser "postgres" (server_user; the cluster trusts local connections).
#
# The script stays PgDog's parent and passes the stop signal on (see the end: PgDog can miss its
# own shutdown). Stop it with SIGINT: PgDog's listener stops accepting, waits for clients to finish
# their transactions (shutdown_timeout, 5 s here), closes its pools and returns from main, which is
# when an instrumented build writes its profile. The config files are written to a temp dir that is
# removed before PgDog starts: PgDog opens them as /dev/fd/3 and /dev/fd/4, which on Linux reopen
# the (unlinked) files from the start each time they are read. The only other process in the role's
# tree is this shell, asleep in 'wait', so what pgolab measures for the role is PgDog's.
set -euo pipefail

usage="usage: pgdog.sh BINARY LISTEN_PORT PG_PORT [pooler|lb|sharding-w2]"
binary=${1:?$usage}
listen_port=${2:?$usage}
pg_port=${3:?$usage}
mode=${4:-pooler}

dir=$(mktemp -d "${TMPDIR:-/tmp}/pgolab-pgdog.XXXXXX")
trap 'rm -rf "$dir"' EXIT

cat >"$dir/pgdog.toml" <<TOML
[general]
host = "127.0.0.1"
port = $listen_port
workers = 2
default_pool_size = 10
pooler_mode = "transaction"
shutdown_timeout = 5000
TOML

case $mode in
pooler)
    cat >>"$dir/pgdog.toml" <<TOML

[[databases]]
name = "pgdog"
host = "127.0.0.1"
port = $pg_port
database_name = "postgres"
role = "primary"
TOML
    ;;
lb)
    cat >>"$dir/pgdog.toml" <<TOML
load_balancing_strategy = "round_robin"
read_write_split = "include_primary"

[[databases]]
name = "pgdog"
host = "127.0.0.1"
port = $pg_port
database_name = "postgres"
role = "primary"

[[databases]]
name = "pgdog"
host = "127.0.0.1"
port = $pg_port
database_name = "postgres"
role = "replica"
TOML
    ;;
sharding-w2)
    cat >>"$dir/pgdog.toml" <<TOML
min_pool_size = 0

[[databases]]
name = "pgdog"
host = "127.0.0.1"
port = $pg_port
database_name = "shard_0"
shard = 0

[[databases]]
name = "pgdog"
host = "127.0.0.1"
port = $pg_port
database_name = "shard_1"
shard = 1

[[sharded_tables]]
database = "pgdog"
name = "pgbench_accounts"
column = "aid"
data_type = "bigint"

[[sharded_tables]]
database = "pgdog"
column = "bid"
data_type = "bigint"
TOML
    ;;
*)
    echo "pgdog.sh: unknown MODE '$mode' ($usage)" >&2
    exit 2
    ;;
esac

cat >"$dir/users.toml" <<TOML
[[users]]
name = "pgdog"
database = "pgdog"
password = "pgdog"
server_user = "postgres"
TOML

exec 3<"$dir/pgdog.toml" 4<"$dir/users.toml"
rm -rf "$dir"
trap - EXIT
# PgDog v0.1.17 can miss its own shutdown. On SIGINT its listener (frontend/listener.rs) spawns a task
# that waits for the clients, then wakes the listener's loop with tokio's Notify::notify_waiters(),
# which wakes only a waiter that exists at that moment; when the task finishes while the loop is
# between two select! rounds (the loop goes round once more for the shutdown notice it also gets),
# the wake-up is lost and PgDog waits forever. Seen here in 3 of about 30 stops, all of the
# instrumented build (slower, so the window is wider), e.g. pgolab's "did not exit within 30.0s of
# SIGINT" after PgDog had logged closing its server connections. A second SIGINT starts the shutdown
# again. So this script stays PgDog's parent (a sleeping shell: no CPU to speak of in the role's
# figures), passes SIGINT or SIGTERM on, and repeats SIGINT every 2 s until PgDog has exited.
# The subshell's 'trap -' undoes the SIG_IGN a non-interactive shell gives SIGINT and SIGQUIT of a
# command started with &.
set +e   # from here on a failing kill (PgDog already gone) or wait is no reason to stop
( trap - INT QUIT; exec "$binary" --config /dev/fd/3 --users /dev/fd/4 ) &
pid=$!
exec 3<&- 4<&-
# shellcheck disable=SC2317  # run by the trap
stop() {
    local tick=0
    kill -INT "$pid" 2>/dev/null
    while kill -0 "$pid" 2>/dev/null; do
        sleep 0.1
        if (( ++tick % 20 == 0 )); then kill -INT "$pid" 2>/dev/null; fi
    done
}
trap stop INT TERM
wait "$pid"
rc=$?
if ((rc > 128)); then   # interrupted by the trap, which returned once PgDog had exited: its own status
    wait "$pid"
    rc=$?
fi
exit "$rc"
