-- Training suite "history": a read-mostly transaction of the kind an application's tests run:
-- a short range scan of accounts, a teller lookup and one history row.
\set aid random(1, 100000 * :scale)
\set tid random(1, 10 * :scale)
\set bid random(1, 1 * :scale)
\set delta random(-5000, 5000)
BEGIN;
SELECT aid, abalance FROM pgbench_accounts WHERE aid BETWEEN :aid AND :aid + 9;
SELECT tbalance FROM pgbench_tellers WHERE tid = :tid;
INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);
END;
