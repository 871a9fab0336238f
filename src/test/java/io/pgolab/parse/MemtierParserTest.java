package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * memtier_benchmark is not installable here: these fixtures are RECONSTRUCTED from memtier's
 * source (run_stats.cpp) and published outputs, not captured. See parse/README.md.
 */
class MemtierParserTest {
    final MemtierParser parser = new MemtierParser();

    @Test
    void readsTheJsonOutFile() {
        List<ParsedMetric> m = parser.parse(read("memtier/memtier-json-out-file.json"));
        assertMetric(m, "ops_per_sec", 97560.98, "ops/s", true);
        assertMetric(m, "avg_ms", 2.049, "ms", false);
        assertMetric(m, "p50_ms", 1.943, "ms", false);
        assertMetric(m, "p99_ms", 4.511, "ms", false);
        assertMetric(m, "p99_9_ms", 8.191, "ms", false);
        assertMetric(m, "kb_per_sec", 4521.20, "KB/s", true);
        assertMetric(m, "gets.ops_per_sec", 88691.80, "ops/s", true);
        assertMetric(m, "gets.p99_9_ms", 8.127, "ms", false);
        assertMetric(m, "sets.ops_per_sec", 8869.17, "ops/s", true);
        assertMetric(m, "sets.avg_ms", 2.061, "ms", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 2_000_000, "ops", true);
        // Waits carried no traffic; hits and misses are not speed figures
        assertThat(names(m)).noneMatch(n -> n.startsWith("waits.") || n.contains("hits") || n.contains("misses"));
    }

    @Test
    void readsTheOldJsonWithoutPercentilesOrCount() {
        List<ParsedMetric> m = parser.parse(read("memtier/memtier-1.2-style-json.json"));
        assertThat(names(m)).containsExactly("ops_per_sec", "avg_ms", "kb_per_sec", "sets.ops_per_sec",
                "sets.avg_ms", "sets.kb_per_sec", "gets.ops_per_sec", "gets.avg_ms", "gets.kb_per_sec");
        assertMetric(m, "ops_per_sec", 97560.97, "ops/s", true);
        assertMetric(m, "gets.avg_ms", 2.05, "ms", false);
    }

    @Test
    void readsTheTextTable() {
        List<ParsedMetric> m = parser.parse(read("memtier/memtier-text-hide-histogram.txt"));
        assertMetric(m, "ops_per_sec", 97560.98, "ops/s", true);
        assertMetric(m, "avg_ms", 2.04900, "ms", false);
        assertMetric(m, "p50_ms", 1.94300, "ms", false);
        assertMetric(m, "p99_ms", 4.51100, "ms", false);
        assertMetric(m, "p99_9_ms", 8.19100, "ms", false);
        assertMetric(m, "kb_per_sec", 4521.20, "KB/s", true);
        assertMetric(m, "sets.p99_ms", 4.57500, "ms", false);
        assertMetric(m, "gets.ops_per_sec", 88691.80, "ops/s", true);
        // 4 threads x 50 connections x 10000 requests per client
        assertMetric(m, ParsedMetric.OPERATIONS, 2_000_000, "ops", true);
        assertThat(names(m)).noneMatch(n -> n.startsWith("waits."));
    }

    @Test
    void textAndJsonGiveTheSameTotals() {
        List<ParsedMetric> text = parser.parse(read("memtier/memtier-text-hide-histogram.txt"));
        List<ParsedMetric> json = parser.parse(read("memtier/memtier-json-out-file.json"));
        assertThat(names(text)).containsExactlyElementsOf(names(json));
    }

    @Test
    void readsExtraPercentileColumnsAndStopsBeforeTheHistogram() {
        List<ParsedMetric> m = parser.parse(read("memtier/memtier-text-with-histogram-percentiles.txt"));
        assertThat(names(m)).startsWith("ops_per_sec", "avg_ms", "p50_ms", "p90_ms", "p95_ms", "p99_ms", "p99_9_ms",
                "kb_per_sec");
        assertMetric(m, "p90_ms", 2.23445, "ms", false);
        assertMetric(m, "gets.p95_ms", 2.52590, "ms", false);
        assertThat(names(m)).noneMatch(n -> n.startsWith("set.") || n.startsWith("get."));
    }

    @Test
    void usesTheAggregatedAverageOfSeveralRuns() {
        List<ParsedMetric> m = parser.parse(read("memtier/memtier-text-run-count-3.txt"));
        // BEST RUN RESULTS says 99609.76, WORST 95414.63; the aggregate is what counts
        assertMetric(m, "ops_per_sec", 97560.98, "ops/s", true);
        assertMetric(m, ParsedMetric.OPERATIONS, 3 * 2_000_000, "ops", true);
    }

    @Test
    void readsArbitraryCommandRowsAndTimeBoundRuns() {
        String out = """
                4         Threads
                50        Connections per thread
                30        Seconds


                ALL STATS
                ==============================================================================================
                Type         Ops/sec     Hits/sec   Misses/sec    Avg. Latency     p50 Latency       KB/sec
                ----------------------------------------------------------------------------------------------
                Hsets       41230.17         0.00         0.00         2.42443         2.31900      4127.11
                Totals      41230.17         0.00         0.00         2.42443         2.31900      4127.11
                """;
        List<ParsedMetric> m = parser.parse(out);
        assertThat(names(m)).containsExactly("ops_per_sec", "avg_ms", "p50_ms", "kb_per_sec", "hsets.ops_per_sec",
                "hsets.avg_ms", "hsets.p50_ms", "hsets.kb_per_sec");
        assertMetric(m, "hsets.ops_per_sec", 41230.17, "ops/s", true);
    }

    @Test
    void refusesOutputWithoutATable() {
        assertThatThrownBy(() -> parser.parse("")).isInstanceOf(NoMatchException.class).hasMessageContaining("memtier");
        assertThatThrownBy(() -> parser.parse("error: failed to connect to 127.0.0.1:6379\n"))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("ALL STATS");
        assertThatThrownBy(() -> parser.parse("{\"configuration\": {}}"))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("configuration");
        assertThatThrownBy(() -> parser.parse("{\"ALL STATS\": {\"Runtime\": {}}}"))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("Totals");
        assertThatThrownBy(() -> parser.parse("{ not json")).isInstanceOf(NoMatchException.class);
    }
}
