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
    static final String ODD = "micro.odd name/with \"quotes\" & \u00b5";
    /** real_time, as the figures below were read before cpu_time became the default. */
    final GoogleBenchmarkParser parser = new GoogleBenchmarkParser(SuiteResults.REAL);
    final GoogleBenchmarkParser cpu = new GoogleBenchmarkParser();

    @Test
    void eachBenchmarkIsTheMedianOfItsRepetitionsInNanoseconds() {
        List<ParsedMetric> m = parser.parse(read("google-benchmark/repetitions-3.json"));
        // the aggregates (mean, median, stddev, cv) are not benchmarks; every name as the suite printed it
        assertThat(names(m)).containsExactly("micro.BM_Fib/10", "micro.BM_Fib/15", ODD);
        assertMetric(m, "micro.BM_Fib/10", 115.79296439822723, "ns/op (real)", false);
        assertMetric(m, "micro.BM_Fib/15", 1450.0418563278797, "ns/op (real)", false);
        // printed in us (->Unit(kMicrosecond)): converted to ns
        assertMetric(m, ODD, 0.04861860037931005 * 1000, "ns/op (real)", false);
    }

    @Test
    void byDefaultEachRepetitionsCpuTimeIsReadNotItsWallClockTime() {
        // real output beside a busy process (yes > /dev/null) on 2 CPUs: real_time 4 to 11 times cpu_time
        String out = read("google-benchmark/busy-neighbour-repetitions-3.json");
        List<ParsedMetric> m = cpu.parse(out);
        assertThat(names(m)).containsExactly("micro.BM_Sum", "micro.BM_Fib", "micro.BM_Hash");
        // the median of the three repetitions' cpu_time (4600.1, 4394.8, 4386.3 ns), and the unit says which time
        assertMetric(m, "micro.BM_Hash", 4394.829609639763, "ns/op (cpu)", false);
        assertMetric(m, "micro.BM_Sum", 3206.603414162794, "ns/op (cpu)", false);
        // time = "real": the wall clock, which charged BM_Hash for the time the other process ran
        assertMetric(parser.parse(out), "micro.BM_Hash", 22172.73045054609, "ns/op (real)", false);
    }

    @Test
    void theAggregatesAreNeverReadWhenTheRepetitionsAreThere() {
        // the suite's own median and mean made absurd: the figure is still the median of the repetitions
        String out = read("google-benchmark/busy-neighbour-repetitions-3.json")
                .replace("\"cpu_time\": 3.2066034141627933e+03", "\"cpu_time\": 1.0e+09")
                .replace("\"cpu_time\": 3.2373232258163466e+03", "\"cpu_time\": 2.0e+09");
        assertThat(out).contains("1.0e+09", "2.0e+09");
        assertMetric(cpu.parse(out), "micro.BM_Sum", 3206.603414162794, "ns/op (cpu)", false);
        // with aggregates only, the median aggregate's cpu_time
        assertMetric(cpu.parse(read("google-benchmark/aggregates-only.json")), "micro.BM_Fib/10",
                cpuTimeOf("google-benchmark/aggregates-only.json", "BM_Fib/10_median"), "ns/op (cpu)", false);
    }

    @Test
    void aRepetitionWithoutCpuTimeIsLeftOutAndSaid() {
        String json = """
                {"benchmarks": [
                  {"name": "a", "run_type": "iteration", "real_time": 10, "cpu_time": 9, "time_unit": "ns"},
                  {"name": "a", "run_type": "iteration", "real_time": 10, "time_unit": "ns"},
                  {"name": "a", "run_type": "iteration", "real_time": 10, "cpu_time": 7, "time_unit": "ns"}]}
                """;
        ParsedOutput o = cpu.read(json);
        assertMetric(o.metrics(), "micro.a", 8, "ns/op (cpu)", false);
        assertThat(o.leftOut()).containsExactly("benchmark micro.a: 1 of its 3 repetitions left out (it has no"
                + " cpu_time); its figure is the median of the other 2");
    }

    private static double cpuTimeOf(String fixture, String name) {
        try {
            var root = new com.fasterxml.jackson.databind.ObjectMapper().readTree(read(fixture));
            for (var b : root.get("benchmarks")) {
                if (b.get("name").asText().equals(name)) {
                    return b.get("cpu_time").asDouble();
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        throw new AssertionError(name + " not in " + fixture);
    }

    @Test
    void aggregatesOnlyUsesTheSuitesMedian() {
        List<ParsedMetric> m = parser.parse(read("google-benchmark/aggregates-only.json"));
        assertThat(names(m)).containsExactly("micro.BM_Fib/10", "micro.BM_Fib/15", ODD);
        assertMetric(m, "micro.BM_Fib/10", 99.70029998978121, "ns/op (real)", false);
        assertMetric(m, ODD, 0.030029831396276272 * 1000, "ns/op (real)", false);
    }

    @Test
    void aSingleRunPerBenchmarkIsRead() {
        List<ParsedMetric> m = parser.parse(read("google-benchmark/single.json"));
        assertThat(names(m)).containsExactly("micro.BM_Fib/10", "micro.BM_Fib/15", ODD);
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
    void twoBenchmarksNeverShareAMetricSoTheCandidateIsComparedWithItsOwnBenchmark() {
        // real output: the base has a/b (fib 8, ~27 ns) and a:b (fib 11, ~140 ns), the candidate only a:b (~110 ns);
        // both names once became micro.a_b, and a:b of the candidate was compared with a/b of the base (+300 %)
        List<ParsedMetric> base = parser.parse(read("google-benchmark/slash-and-colon-base.json"));
        List<ParsedMetric> candidate = parser.parse(read("google-benchmark/slash-and-colon-candidate.json"));
        assertThat(names(base)).containsExactly("micro.a/b", "micro.a:b");
        assertThat(names(candidate)).containsExactly("micro.a:b");
        assertMetric(base, "micro.a:b", 143.97519637114013, "ns/op (real)", false);
        assertMetric(candidate, "micro.a:b", 113.35983277049351, "ns/op (real)", false);
    }

    @Test
    void namesAreKeptAsPrintedWithOnlyWhatAMetricNameCannotHoldEscapedReversibly() {
        String json = """
                {"benchmarks": [
                  {"name": "a/b", "run_name": "a/b", "run_type": "iteration", "real_time": 10, "time_unit": "ns"},
                  {"name": "a_b", "run_name": "a_b", "run_type": "iteration", "real_time": 20, "time_unit": "ms"},
                  {"name": "a b", "run_name": "a b", "run_type": "iteration", "real_time": 7, "time_unit": "ns"},
                  {"name": "a%2Fb", "run_name": "a%2Fb", "run_type": "iteration", "real_time": 8, "time_unit": "ns"},
                  {"name": "a\\tb\\u001b", "run_type": "iteration", "real_time": 9, "time_unit": "ns"},
                  {"name": "BM<int, 8>", "run_type": "iteration", "real_time": 11, "time_unit": "ns"},
                  {"name": "a/b", "run_name": "a/b", "run_type": "iteration", "real_time": 30, "time_unit": "ns"}]}
                """;
        List<ParsedMetric> m = parser.parse(json);
        // a/b's two repetitions are one benchmark (median 20 ns); every other name is another benchmark
        assertThat(names(m)).containsExactly("micro.a/b", "micro.a_b", "micro.a b", "micro.a%252Fb", "micro.a%09b%1B",
                "micro.BM<int, 8>");
        assertMetric(m, "micro.a/b", 20, "ns/op (real)", false);
        assertMetric(m, "micro.a_b", 20e6, "ns/op (real)", false);
        assertMetric(m, "micro.a%252Fb", 8, "ns/op (real)", false);
        assertThatThrownBy(() -> parser.parse("{\"benchmarks\": []}")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("holds no benchmark");
        assertThatThrownBy(() -> parser.parse("{\"benchmarks\": [{\"name\": \"x\", \"real_time\": 5,"
                + " \"time_unit\": \"fortnights\"}]}")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("unknown time_unit 'fortnights'");
    }

    @Test
    void aTimeThatIsNotPositiveOrNotANumberIsLeftOutAndSaidWithItsCause() {
        String json = """
                {"benchmarks": [
                  {"name": "neg", "run_type": "iteration", "real_time": -5, "time_unit": "ns"},
                  {"name": "zero", "run_type": "iteration", "real_time": 0, "time_unit": "ns"},
                  {"name": "text", "run_type": "iteration", "real_time": "fast", "time_unit": "ns"},
                  {"name": "none", "run_type": "iteration", "time_unit": "ns"},
                  {"name": "ok", "run_type": "iteration", "real_time": 12, "time_unit": "ns"}]}
                """;
        ParsedOutput o = parser.read(json);
        assertThat(names(o.metrics())).containsExactly("micro.ok");
        assertThat(o.leftOut()).containsExactly(
                "benchmark micro.neg is left out, not compared: its time is negative (-5.000 ns/op)",
                "benchmark micro.zero is left out, not compared: its time is 0 ns/op",
                "benchmark micro.text is left out, not compared: its real_time \"fast\" is not a number",
                "benchmark micro.none is left out, not compared: it has no real_time");
        // every one of them: the message says so, not "every one errored, or the filter matched none"
        String bad = json.replace("{\"name\": \"ok\", \"run_type\": \"iteration\", \"real_time\": 12,", "{\"name\": \"ok\","
                + " \"run_type\": \"iteration\", \"real_time\": 0,");
        assertThatThrownBy(() -> parser.parse(bad)).isInstanceOf(NoMatchException.class)
                .hasMessageStartingWith("google-benchmark: every benchmark is left out: benchmark micro.neg is left out,"
                        + " not compared: its time is negative (-5.000 ns/op);")
                .hasMessageContaining("micro.ok is left out, not compared: its time is 0 ns/op")
                .message().doesNotContain("errored", "filter");
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
