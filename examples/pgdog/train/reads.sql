-- Training mix of the PgDog example (not run by bench): a range read and an aggregate over
-- pgbench_accounts, in a transaction, so PgDog's transaction pooling sees BEGIN/COMMIT around them.
\set aid random(1, 100000 * :scale)
BEGIN;
SELECT aid, abalance FROM pgbench_accounts WHERE aid BETWEEN :aid AND :aid + 20;
SELECT sum(abalance), count(*) FROM pgbench_accounts WHERE bid = 1 + (:aid % :scale);
COMMIT;
