-- Benchmark-only script "lookup" (never run in training): three point reads in one transaction,
-- the balance of an account, of its teller and of its branch.
\set aid random(1, 100000 * :scale)
\set tid random(1, 10 * :scale)
\set bid random(1, 1 * :scale)
BEGIN;
SELECT abalance FROM pgbench_accounts WHERE aid = :aid;
SELECT tbalance FROM pgbench_tellers WHERE tid = :tid;
SELECT bbalance FROM pgbench_branches WHERE bid = :bid;
END;
