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
    void anotherToolsOutputOrATruncatedJsonIsRefused() {
        assertThatThrownBy(() -> parser.parse(read("hyperfine/hyperfine-two-commands.json")))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("no \"benchmarks\" array");
        String cut = read("google-benchmark/repetitions-3.json");
        assertThatThrownBy(() -> parser.parse(cut.substring(0, cut.length() / 2)))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("\"benchmarks\"");
    }
}
