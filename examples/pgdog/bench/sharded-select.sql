-- Benchmark script of the PgDog example's 'sharding-w2' workload: a point read by the sharding key.
-- Both shards (shard_0, shard_1) hold the same pgbench -i -s 2 data, so the row is found on
-- whichever shard PgDog routes aid to; what differs from 'pooler-select' is PgDog's routing (the
-- query is parsed and aid hashed to a shard). :scale is pgbench's -s (a custom script does not
-- count pgbench_branches for it, which through PgDog both shards would answer).
\set aid random(1, 100000 * :scale)
SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
