package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ParsersTest {
    /** Every fixture with the parser it belongs to; error captures are listed separately. */
    static final List<String> GOOD_FIXTURES = List.of(
            "redis-benchmark/redis7-get-set-lpush-lrange.csv", "redis-benchmark/redis7-pipeline16.csv",
            "redis-benchmark/redis7-custom-command.csv", "redis-benchmark/redis7-quiet-q.txt",
            "redis-benchmark/redis6.0-style-no-header.csv",
            "memtier/memtier-n2000.json", "memtier/memtier-n2000.txt", "memtier/memtier-json-stdout.json",
            "memtier/memtier-testtime3.json", "memtier/memtier-testtime3.txt", "memtier/memtier-1.2-style-json.json",
            "memtier/memtier-text-with-histogram-percentiles.txt",
            "wrk/wrk-plain.txt", "wrk/wrk-latency.txt", "wrk/wrk-nginx-latency-us.txt",
            "wrk/wrk-latency-non2xx.txt", "wrk/wrk-latency-socket-errors.txt",
            "iperf3/iperf3-tcp.json", "iperf3/iperf3-tcp-parallel2.json", "iperf3/iperf3-tcp-reverse.json",
            "iperf3/iperf3-udp.json", "iperf3/iperf3-udp-unlimited.json",
            "pgbench/pgbench-T5-c4.txt", "pgbench/pgbench-t500-c2-j2.txt",
            "pgbench/pgbench-select-only-progress-r.txt", "pgbench/pgbench-rate200.txt",
            "pgbench/pgbench-serialization-failures.txt", "pgbench/pgbench-max-tries3.txt",
            "hyperfine/hyperfine-two-commands.json", "hyperfine/hyperfine-single-N.json",
            "hyperfine/hyperfine-parameter-scan.json", "hyperfine/hyperfine-one-run-named.json",
            "hyperfine/hyperfine-stdout-piped.txt", "hyperfine/hyperfine-stdout-piped-braces.txt");

    static final List<String> ERROR_FIXTURES = List.of("wrk/wrk-connection-refused.txt",
            "iperf3/iperf3-connection-refused.json", "pgbench/pgbench-no-database.txt",
            "memtier/memtier-runcount2.txt", "memtier/memtier-runcount2.json");

    @Test
    void listsTheBuiltInParsers() {
        assertThat(Parsers.names()).containsExactly("redis-benchmark", "memtier", "wrk", "iperf3", "pgbench",
                "hyperfine", "criterion", "google-benchmark", "go-test", "jmh");
        for (String name : Parsers.names()) {
            assertThat(Parsers.byName(name).name()).isEqualTo(name);
        }
        assertThat(Parsers.byName("memtier_benchmark")).isInstanceOf(MemtierParser.class);
        assertThat(Parsers.byName("WRK")).isInstanceOf(WrkParser.class);
        assertThat(Parsers.byName("google_benchmark")).isInstanceOf(GoogleBenchmarkParser.class);
        assertThat(Parsers.byName("gotest")).isInstanceOf(GoBenchParser.class);
    }

    @Test
    void unknownNameListsTheKnownOnesAndSuggestsTheClosest() {
        assertThatThrownBy(() -> Parsers.byName("pgbanch"))
                .isInstanceOf(UserError.class)
                .hasMessage("unknown parser 'pgbanch'")
                .satisfies(e -> assertThat(((UserError) e).hint())
                        .startsWith("did you mean 'pgbench'?")
                        .contains("redis-benchmark, memtier, wrk, iperf3, pgbench, hyperfine"));
        assertThatThrownBy(() -> Parsers.byName("ab"))
                .isInstanceOf(UserError.class)
                .satisfies(e -> assertThat(((UserError) e).hint()).doesNotContain("did you mean")
                        .contains("known parsers: redis-benchmark"));
        assertThatThrownBy(() -> Parsers.byName("regex")).isInstanceOf(UserError.class)
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("[[bench.metric]]"));
    }

    /** Each built-in parser reads its own tool's fixtures and refuses every other tool's output. */
    static Stream<Arguments> parserAndFixture() {
        return Parsers.names().stream().flatMap(parser -> Stream.concat(GOOD_FIXTURES.stream(), ERROR_FIXTURES.stream())
                .map(fixture -> Arguments.of(parser, fixture)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("parserAndFixture")
    void readsItsOwnToolsOutputOnly(String parser, String fixture) {
        OutputParser p = Parsers.byName(parser);
        String text = read(fixture);
        boolean own = fixture.startsWith(parser + "/") && GOOD_FIXTURES.contains(fixture);
        if (own) {
            List<ParsedMetric> metrics = p.parse(text);
            assertThat(metrics).isNotEmpty();
            assertThat(metrics).allSatisfy(m -> {
                assertThat(Double.isFinite(m.value())).isTrue();
                assertThat(m.unit()).isNotBlank();
                assertThat(m.name()).matches("[A-Za-z0-9_.]+");
            });
        } else {
            assertThatThrownBy(() -> p.parse(text)).isInstanceOf(NoMatchException.class)
                    .hasMessageStartingWith(parser);
        }
    }

    static Stream<String> garbage() {
        return Stream.of("", "   \n\n", "Segmentation fault (core dumped)\n", "{}", "[1, 2, 3]",
                "\u0000\u0001binary\u00ff", "error: something went wrong\nexit status 1\n");
    }

    @ParameterizedTest
    @MethodSource("garbage")
    void everyParserRefusesGarbage(String output) {
        for (String name : Parsers.names()) {
            assertThatThrownBy(() -> Parsers.byName(name).parse(output)).as(name)
                    .isInstanceOf(NoMatchException.class);
        }
        RegexParser regex = new RegexParser(List.of(new RegexParser.Extractor("x", "x=([0-9]+)", "u", true)));
        assertThatThrownBy(() -> regex.parse(output)).isInstanceOf(NoMatchException.class);
        JsonPointerParser json = new JsonPointerParser(List.of(new JsonPointerParser.Extractor("x", "/x", "u", true)));
        assertThatThrownBy(() -> json.parse(output)).isInstanceOf(NoMatchException.class);
        assertThatThrownBy(() -> Parsers.byName("wrk").parse(null)).isInstanceOf(NoMatchException.class);
    }

    @Test
    void buildsParsersFromMetricEntries() {
        OutputParser regexOnly = Parsers.fromMetrics(List.of(
                new Parsers.MetricSpec("tps", "^tps = ([0-9.]+)", null, "tx/s", "higher")));
        assertThat(regexOnly).isInstanceOf(RegexParser.class);
        assertMetric(regexOnly.parse(read("pgbench/pgbench-T5-c4.txt")), "tps", 799.059215, "tx/s", true);

        OutputParser both = Parsers.fromMetrics(List.of(
                new Parsers.MetricSpec("mean_ms", null, "/results/0/mean", "ms", "lower", 1000),
                new Parsers.MetricSpec("runs", "\"command\": \"(sleep 0.0[0-9])\"", null, "x", "higher")));
        // the regex captures "sleep 0.02" (last match): not a number
        assertThatThrownBy(() -> both.parse(read("hyperfine/hyperfine-two-commands.json")))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("'runs'");
        OutputParser ok = Parsers.fromMetrics(List.of(
                new Parsers.MetricSpec("mean_ms", null, "/results/0/mean", "ms", "lower", 1000),
                new Parsers.MetricSpec("sleep", "\"command\": \"sleep ([0-9.]+)\"", null, "s", "lower")));
        List<ParsedMetric> m = ok.parse(read("hyperfine/hyperfine-two-commands.json"));
        assertThat(names(m)).containsExactly("sleep", "mean_ms");
        assertMetric(m, "mean_ms", 10.671173176842108, "ms", false);
        assertMetric(m, "sleep", 0.02, "s", false);
    }

    @Test
    void metricEntriesNeedExactlyOneSourceAndAKnownDirection() {
        assertThatThrownBy(() -> Parsers.fromMetrics(List.of(new Parsers.MetricSpec("x", "(1)", "/x", "u", "higher"))))
                .isInstanceOf(UserError.class).hasMessageContaining("both regex and json_pointer");
        assertThatThrownBy(() -> Parsers.fromMetrics(List.of(new Parsers.MetricSpec("x", null, "", "u", "higher"))))
                .isInstanceOf(UserError.class).hasMessageContaining("neither");
        assertThatThrownBy(() -> Parsers.fromMetrics(List.of(new Parsers.MetricSpec("x", "(1)", null, "u", "hihger"))))
                .isInstanceOf(UserError.class).hasMessage("unknown direction 'hihger'")
                .satisfies(e -> assertThat(((UserError) e).hint()).startsWith("did you mean 'higher'?"));
        assertThatThrownBy(() -> Parsers.fromMetrics(List.of())).isInstanceOf(UserError.class);
        assertThat(Parsers.higherIsBetter("Higher")).isTrue();
        assertThat(Parsers.higherIsBetter("lower")).isFalse();
    }

    @Test
    void combinesABuiltInParserWithExtraMetrics() {
        OutputParser extra = Parsers.fromMetrics(List.of(
                new Parsers.MetricSpec("threads", "([0-9]+) threads and", null, "n", "higher")));
        OutputParser combined = Parsers.combine(List.of(Parsers.byName("wrk"), extra));
        assertThat(combined.name()).isEqualTo("wrk+regex");
        List<ParsedMetric> m = combined.parse(read("wrk/wrk-latency.txt"));
        assertMetric(m, "rps", 989.19, "req/s", true);
        assertMetric(m, "threads", 2, "n", true);

        OutputParser clash = Parsers.combine(List.of(Parsers.byName("wrk"), Parsers.fromMetrics(List.of(
                new Parsers.MetricSpec("rps", "Requests/sec:\\s+([0-9.]+)", null, "req/s", "higher")))));
        assertThatThrownBy(() -> clash.parse(read("wrk/wrk-latency.txt"))).isInstanceOf(UserError.class)
                .hasMessageContaining("metric 'rps' is reported by both the wrk parser and the regex parser");
        // every part must match
        assertThatThrownBy(() -> combined.parse(read("pgbench/pgbench-T5-c4.txt"))).isInstanceOf(NoMatchException.class);
    }

    @Test
    void aCombinedParserPassesOnTheToolsOwnErrorReport() {
        OutputParser extra = Parsers.fromMetrics(List.of(
                new Parsers.MetricSpec("version", "\"version\":\\s+\"iperf ([0-9])", null, "n", "higher")));
        OutputParser combined = Parsers.combine(List.of(extra, Parsers.byName("iperf3")));
        assertThat(combined.reportedError(read("iperf3/iperf3-connection-refused.json")))
                .hasValue("iperf3 reported an error: unable to connect to server: Connection refused");
        assertThat(combined.reportedError(read("iperf3/iperf3-tcp.json"))).isEmpty();
        // parsers of tools that exit non-zero on errors report none from their output
        assertThat(Parsers.byName("wrk").reportedError(read("wrk/wrk-connection-refused.txt"))).isEmpty();
    }
}
