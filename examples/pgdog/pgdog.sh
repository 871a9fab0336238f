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
# The script execs PgDog (same process id), so the stop signal reaches it directly. Stop it with
# SIGINT: PgDog's listener stops accepting, waits for clients to finish their transactions
# (shutdown_timeout, 5 s here), closes its pools and returns from main, which is when an
# instrumented build writes its profile. The config files are written to a temp dir that is
# removed before PgDog starts: PgDog opens them as /dev/fd/3 and /dev/fd/4, which on Linux reopen
# the (unlinked) files from the start each time they are read. Nothing else stays in PgDog's
# process tree, so what pgolab measures for the role is PgDog alone.
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
exec "$binary" --config /dev/fd/3 --users /dev/fd/4
