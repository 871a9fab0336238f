package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Fixtures captured with pgbench 15.18 (Debian 12) against a local PostgreSQL 15, database "bench" at scale 1. */
class PgbenchParserTest {
    final PgbenchParser parser = new PgbenchParser();

    @Test
    void readsATimedRun() {
        // pgbench -T 5 -c 4 bench
        List<ParsedMetric> m = parser.parse(read("pgbench/pgbench-T5-c4.txt"));
        assertThat(names(m)).containsExactly("tps", "latency_avg_ms", "operations", "failed");
        assertMetric(m, "tps", 799.059215, "tx/s", true);
        assertMetric(m, "latency_avg_ms", 5.006, "ms", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 3994, "ops", true);
        assertMetric(m, "failed", 0, "count", false);
    }

    @Test
    void readsACountedRun() {
        // pgbench -t 500 -c 2 -j 2 bench : "processed: 1000/1000"
        List<ParsedMetric> m = parser.parse(read("pgbench/pgbench-t500-c2-j2.txt"));
        assertMetric(m, "tps", 694.134976, "tx/s", true);
        assertMetric(m, ParsedMetric.OPERATIONS, 1000, "ops", true);
    }

    @Test
    void readsStddevAndIgnoresProgressAndStatementLines() {
        // pgbench -S -T 4 -c 4 -j 2 -r -P 1 bench
        List<ParsedMetric> m = parser.parse(read("pgbench/pgbench-select-only-progress-r.txt"));
        assertMetric(m, "tps", 28062.631451, "tx/s", true);
        assertMetric(m, "latency_avg_ms", 0.132, "ms", false);
        assertMetric(m, "latency_stddev_ms", 0.275, "ms", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 112092, "ops", true);

        // pgbench -T 3 -c 2 --rate 200 bench
        List<ParsedMetric> r = parser.parse(read("pgbench/pgbench-rate200.txt"));
        assertMetric(r, "tps", 201.574555, "tx/s", true);
        assertMetric(r, "latency_stddev_ms", 1.347, "ms", false);
    }

    @Test
    void readsFailuresAndRetries() {
        // pgbench -n -T 3 -c 8 -j 2 --max-tries=1 -f serial.sql bench (REPEATABLE READ updates of one row)
        List<ParsedMetric> f = parser.parse(read("pgbench/pgbench-serialization-failures.txt"));
        assertMetric(f, "failed", 15061, "count", false);
        assertMetric(f, "latency_avg_ms", 1.284, "ms", false); // "(including failures)"
        assertMetric(f, ParsedMetric.OPERATIONS, 3589, "ops", true);
        // same with --max-tries=3 -c 4
        List<ParsedMetric> r = parser.parse(read("pgbench/pgbench-max-tries3.txt"));
        assertMetric(r, "retried", 3293, "count", false);
        assertMetric(r, "failed", 2757, "count", false);
        assertMetric(r, "tps", 1159.015994, "tx/s", true);
    }

    @Test
    void prefersTheTpsWithoutConnectionTimeOfOldVersions() {
        String pg13 = """
                number of transactions actually processed: 10000
                latency average = 1.100 ms
                tps = 900.123456 (including connections establishing)
                tps = 910.654321 (excluding connections establishing)
                """;
        List<ParsedMetric> m = parser.parse(pg13);
        assertMetric(m, "tps", 910.654321, "tx/s", true);
        assertThat(names(m)).containsExactly("tps", "latency_avg_ms", "operations");
    }

    @Test
    void refusesOutputWithoutTpsAndQuotesPgbenchsError() {
        assertThatThrownBy(() -> parser.parse("")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("pgbench").hasMessageContaining("empty");
        // captured: pgbench -T 1 nosuchdb
        assertThatThrownBy(() -> parser.parse(read("pgbench/pgbench-no-database.txt")))
                .isInstanceOf(NoMatchException.class)
                .hasMessageContaining("tps = ")
                .hasMessageContaining("database \"nosuchdb\" does not exist");
    }
}
