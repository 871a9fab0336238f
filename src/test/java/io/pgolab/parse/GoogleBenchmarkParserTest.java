package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Fixtures captured with Google Benchmark 1.7.1 (Debian 12's libbenchmark-dev), see parse/README.md. */
class GoogleBenchmarkParserTest {
    final GoogleBenchmarkParser parser = new GoogleBenchmarkParser();

    @Test
    void eachBenchmarkIsTheMedianOfItsRepetitionsInNanoseconds() {
        List<ParsedMetric> m = parser.parse(read("google-benchmark/repetitions-3.json"));
        // the aggregates (mean, median, stddev, cv) are not benchmarks; the odd name keeps letters, digits, _ and .
        assertThat(names(m)).containsExactly("micro.BM_Fib_10", "micro.BM_Fib_15", "micro.odd_name_with_quotes");
        assertMetric(m, "micro.BM_Fib_10", 115.79296439822723, "ns/op", false);
        assertMetric(m, "micro.BM_Fib_15", 1450.0418563278797, "ns/op", false);
        // printed in us (->Unit(kMicrosecond)): converted to ns
        assertMetric(m, "micro.odd_name_with_quotes", 0.04861860037931005 * 1000, "ns/op", false);
    }

    @Test
    void aggregatesOnlyUsesTheSuitesMedian() {
        List<ParsedMetric> m = parser.parse(read("google-benchmark/aggregates-only.json"));
        assertThat(names(m)).containsExactly("micro.BM_Fib_10", "micro.BM_Fib_15", "micro.odd_name_with_quotes");
        assertMetric(m, "micro.BM_Fib_10", 99.70029998978121, "ns/op", false);
        assertMetric(m, "micro.odd_name_with_quotes", 0.030029831396276272 * 1000, "ns/op", false);
    }

    @Test
    void aSingleRunPerBenchmarkIsRead() {
        List<ParsedMetric> m = parser.parse(read("google-benchmark/single.json"));
        assertThat(names(m)).containsExactly("micro.BM_Fib_10", "micro.BM_Fib_15", "micro.odd_name_with_quotes");
        assertThat(parser.reportedError(read("google-benchmark/single.json"))).isEmpty();
    }

    @Test
    void aBenchmarkThatSkippedWithAnErrorIsReported() {
        String out = read("google-benchmark/skip-with-error.json");
        assertThat(parser.reportedError(out)).hasValue(
                "Google Benchmark reported an error in 1 benchmark(s): BM_Err: no input file");
        // its zero time is never a figure
        assertThat(names(parser.parse(out))).doesNotContain("micro.BM_Err");
    }

    @Test
    void namesThatBecomeTheSameStayApartAndZeroTimesAreNoFigures() {
        String json = """
                {"benchmarks": [
                  {"name": "a/b", "run_name": "a/b", "run_type": "iteration", "real_time": 10, "time_unit": "ns"},
                  {"name": "a_b", "run_name": "a_b", "run_type": "iteration", "real_time": 20, "time_unit": "ms"},
                  {"name": "a b", "run_name": "a b", "run_type": "iteration", "real_time": 0, "time_unit": "ns"},
                  {"name": "a/b", "run_name": "a/b", "run_type": "iteration", "real_time": 30, "time_unit": "ns"}]}
                """;
        List<ParsedMetric> m = parser.parse(json);
        // a/b's two repetitions are one benchmark (median 20 ns); a_b is another, 20 ms
        assertThat(names(m)).containsExactly("micro.a_b", "micro.a_b_2");
        assertMetric(m, "micro.a_b", 20, "ns/op", false);
        assertMetric(m, "micro.a_b_2", 20e6, "ns/op", false);
        assertThatThrownBy(() -> parser.parse("{\"benchmarks\": []}")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("holds no benchmark");
        assertThatThrownBy(() -> parser.parse("{\"benchmarks\": [{\"name\": \"x\", \"real_time\": 5,"
                + " \"time_unit\": \"fortnights\"}]}")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("unknown time_unit 'fortnights'");
    }

    @Test
    void anotherToolsOutputOrATruncatedJsonIsRefused() {
        assertThatThrownBy(() -> parser.parse(read("hyperfine/hyperfine-two-commands.json")))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("no \"benchmarks\" array");
        String cut = read("google-benchmark/repetitions-3.json");
        // a suite that crashed half-way (or a pipe that cut its output): not read as another tool's JSON
        assertThatThrownBy(() -> parser.parse(cut.substring(0, cut.length() / 2)))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("the JSON is cut short");
    }
}
