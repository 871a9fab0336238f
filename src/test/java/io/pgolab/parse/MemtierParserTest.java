package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.byName;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The memtier-n2000, memtier-json-stdout, memtier-testtime3 and memtier-runcount2 fixtures are real
 * memtier_benchmark output (see parse/README.md); the others are reconstructed from memtier's source.
 */
class MemtierParserTest {
    final MemtierParser parser = new MemtierParser();

    @Test
    void readsTheRealJsonOutFile() {
        List<ParsedMetric> m = parser.parse(read("memtier/memtier-n2000.json"));
        assertMetric(m, "ops_per_sec", 14292.15, "ops/s", true);
        // Totals has "Average Latency": 0.000; the average is "Accumulated Latency" / "Count"
        assertMetric(m, "avg_ms", 14294.0 / 20000, "ms", false);
        assertMetric(m, "p50_ms", 0.071, "ms", false);
        assertMetric(m, "p99_ms", 15.167, "ms", false);
        assertMetric(m, "p99_9_ms", 32.127, "ms", false);
        assertMetric(m, "kb_per_sec", 867.75, "KB/s", true);
        assertMetric(m, "sets.ops_per_sec", 1300.59, "ops/s", true);
        assertMetric(m, "sets.avg_ms", 1122.0 / 1820, "ms", false);
        assertMetric(m, "gets.avg_ms", 13172.0 / 18180, "ms", false);
        assertMetric(m, "gets.p99_9_ms", 39.935, "ms", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 20_000, "ops", true);
        // Waits carried no traffic; hits and misses are not speed figures
        assertThat(names(m)).noneMatch(n -> n.startsWith("waits.") || n.contains("hits") || n.contains("misses"));
    }

    @Test
    void neverReportsTheZeroLatencyMemtierWrites() {
        for (String f : List.of("memtier-n2000.json", "memtier-json-stdout.json", "memtier-testtime3.json",
                "memtier-n2000.txt", "memtier-testtime3.txt")) {
            List<ParsedMetric> m = parser.parse(read("memtier/" + f));
            assertThat(names(m)).as(f).contains("avg_ms", "sets.avg_ms", "gets.avg_ms");
            assertThat(m).as(f).filteredOn(x -> x.name().endsWith("_ms")).allSatisfy(x ->
                    assertThat(x.value()).as(f + " " + x.name()).isPositive());
        }
        // a row whose only average is memtier's 0.000 has no avg_ms rather than 0
        List<ParsedMetric> m = parser.parse("""
                {"ALL STATS": {"Totals": {"Count": 10, "Ops/sec": 5.0, "Latency": 0.000, "Average Latency": 0.000,
                 "Accumulated Latency": 0, "KB/sec": 1.0}}}""");
        assertThat(names(m)).containsExactly("ops_per_sec", "kb_per_sec", ParsedMetric.OPERATIONS);
    }

    @Test
    void readsTheJsonWrittenToStdout() {
        // --json-out-file /dev/stdout --out-file /dev/null: stdout is exactly one JSON document
        List<ParsedMetric> m = parser.parse(read("memtier/memtier-json-stdout.json"));
        assertMetric(m, "ops_per_sec", 12621.68, "ops/s", true);
        assertMetric(m, "avg_ms", 13891.0 / 20000, "ms", false);
        assertMetric(m, "p99_ms", 18.047, "ms", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 20_000, "ops", true);
    }

    @Test
    void readsTheRealTextTable() {
        List<ParsedMetric> m = parser.parse(read("memtier/memtier-n2000.txt"));
        assertMetric(m, "ops_per_sec", 14292.15, "ops/s", true);
        assertMetric(m, "avg_ms", 0.71499, "ms", false);
        assertMetric(m, "p50_ms", 0.07100, "ms", false);
        assertMetric(m, "p99_ms", 15.16700, "ms", false);
        assertMetric(m, "p99_9_ms", 32.12700, "ms", false);
        assertMetric(m, "kb_per_sec", 867.75, "KB/s", true);
        assertMetric(m, "sets.p99_ms", 12.41500, "ms", false);
        assertMetric(m, "gets.ops_per_sec", 12991.56, "ops/s", true);
        // 2 threads x 5 connections x 2000 requests per client
        assertMetric(m, ParsedMetric.OPERATIONS, 20_000, "ops", true);
        assertThat(names(m)).noneMatch(n -> n.startsWith("waits."));
    }

    /** The .txt and .json of one capture are the stdout and the --json-out-file of the same run. */
    @ParameterizedTest
    @ValueSource(strings = {"memtier-n2000", "memtier-testtime3"})
    void textAndJsonOfOneRunAgree(String capture) {
        Map<String, ParsedMetric> text = byName(parser.parse(read("memtier/" + capture + ".txt")));
        Map<String, ParsedMetric> json = byName(parser.parse(read("memtier/" + capture + ".json")));
        Set<String> shared = new LinkedHashSet<>(json.keySet());
        shared.remove(ParsedMetric.OPERATIONS); // only the JSON knows it for a --test-time run
        assertThat(text.keySet()).containsAll(shared);
        for (String name : shared) {
            double t = text.get(name).value();
            double j = json.get(name).value();
            if (name.endsWith("avg_ms")) {
                // the JSON's Accumulated Latency is whole milliseconds: within 0.2% of the text's average
                assertThat(j).as(name).isCloseTo(t, Offset.offset(t * 0.002));
            } else {
                assertThat(j).as(name).isCloseTo(t, Offset.offset(1e-9));
            }
        }
    }

    @Test
    void timeBoundRunsHaveACountOnlyInTheJson() {
        assertThat(names(parser.parse(read("memtier/memtier-testtime3.txt")))).doesNotContain(ParsedMetric.OPERATIONS);
        assertMetric(parser.parse(read("memtier/memtier-testtime3.json")), ParsedMetric.OPERATIONS, 33_796, "ops", true);
    }

    @ParameterizedTest
    @ValueSource(strings = {"memtier-runcount2.txt", "memtier-runcount2.json"})
    void refusesTheSectionsOfRunCount(String capture) {
        // BEST and WORST are the same run; the "average" (22268.78 ops/s) is above the best run (10421.15)
        assertThatThrownBy(() -> parser.parse(read("memtier/" + capture))).isInstanceOf(NoMatchException.class)
                .hasMessageStartingWith("memtier: this is the output of --run-count 2 ")
                .hasMessageContaining("run memtier with --run-count 1");
    }

    @Test
    void refusesRunCountSectionsWithoutTheAggregate() {
        String best = read("memtier/memtier-runcount2.txt");
        String onlyBest = best.substring(0, best.indexOf("WORST RUN RESULTS"));
        assertThatThrownBy(() -> parser.parse(onlyBest)).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("--run-count N ");
        assertThatThrownBy(() -> parser.parse("{\"configuration\": {\"run_count\": 3}, \"RUN #1 RESULTS\": {}}"))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("--run-count 3 ");
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
    void readsExtraPercentileColumnsAndStopsBeforeTheHistogram() {
        List<ParsedMetric> m = parser.parse(read("memtier/memtier-text-with-histogram-percentiles.txt"));
        assertThat(names(m)).startsWith("ops_per_sec", "avg_ms", "p50_ms", "p90_ms", "p95_ms", "p99_ms", "p99_9_ms",
                "kb_per_sec");
        assertMetric(m, "p90_ms", 2.23445, "ms", false);
        assertMetric(m, "gets.p95_ms", 2.52590, "ms", false);
        assertThat(names(m)).noneMatch(n -> n.startsWith("set.") || n.startsWith("get."));
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
