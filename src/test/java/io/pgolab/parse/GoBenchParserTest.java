package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Fixtures captured with go 1.26 (go test -bench), see parse/README.md. */
class GoBenchParserTest {
    final GoBenchParser parser = new GoBenchParser();

    @Test
    void eachBenchmarkIsTheMedianOfItsCountLines() {
        List<ParsedMetric> m = parser.parse(read("go-test/count-3.txt"));
        // -2 (GOMAXPROCS) dropped, as every line has it; the rest of the name as go test printed it
        assertThat(names(m)).containsExactly("micro.BenchmarkFib15", "micro.BenchmarkFibSub/n=10/odd_name",
                "micro.BenchmarkFibSub/n=12/odd_name");
        assertMetric(m, "micro.BenchmarkFib15", 5174, "ns/op (real)", false);
        assertMetric(m, "micro.BenchmarkFibSub/n=10/odd_name", 448.3, "ns/op (real)", false);
        assertMetric(m, "micro.BenchmarkFibSub/n=12/odd_name", 1078, "ns/op (real)", false);
        assertThat(parser.reportedError(read("go-test/count-3.txt"))).isEmpty();
    }

    @Test
    void twoPackagesWithTheSameBenchmarkNameStayApart() {
        List<ParsedMetric> m = parser.parse(read("go-test/two-packages-gomaxprocs-1.txt"));
        assertThat(names(m)).contains("micro.example.com/gob.BenchmarkFib15", "micro.example.com/gob/sub.BenchmarkFib15");
        assertMetric(m, "micro.example.com/gob.BenchmarkFib15", (3020 + 4239) / 2.0, "ns/op (real)", false);
        assertMetric(m, "micro.example.com/gob/sub.BenchmarkFib15", (0.4702 + 0.4852) / 2, "ns/op (real)", false);
    }

    @Test
    void aFailedBenchmarkIsReportedEvenWhenItsExitStatusIsLost() {
        assertThat(parser.reportedError(read("go-test/failed.txt"))).hasValue(
                "go test reported a failure: --- FAIL: BenchmarkBroken");
    }

    @Test
    void aNamesOwnTrailingNumberIsKeptWithoutAProcsSuffix() {
        String out = "BenchmarkSize-1 \t 100\t 10 ns/op\nBenchmarkSize-2 \t 100\t 20 ns/op\n";
        // GOMAXPROCS=1 prints no suffix: "-1" and "-2" are the benchmarks' own names, never merged
        assertThat(names(parser.parse(out))).containsExactly("micro.BenchmarkSize-1",
                "micro.BenchmarkSize-2");
    }

    @Test
    void aBenchmarkWithoutATimeIsLeftOutAndSaidNeverSilentlyGone() {
        // real output: go test prints BenchmarkZero's line without ns/op (it reported 0 ns/op)
        ParsedOutput o = parser.read(read("go-test/zero-ns-per-op.txt"));
        assertThat(names(o.metrics())).containsExactly("micro.BenchmarkFib15");
        assertThat(o.leftOut()).containsExactly("benchmark micro.BenchmarkZero is left out, not compared: its line has"
                + " no ns/op (20000 iterations; go test prints none when the time is 0) (all 3 repetitions)");
        // the line of the report: "BenchmarkX-8  0  0 ns/op"
        ParsedOutput zero = parser.read("BenchmarkX-8 \t 0 \t 0 ns/op\nBenchmarkY-8 \t 10 \t 5 ns/op\n");
        assertThat(names(zero.metrics())).containsExactly("micro.BenchmarkY");
        assertThat(zero.leftOut()).containsExactly("benchmark micro.BenchmarkX is left out, not compared: its time is"
                + " 0 ns/op (0 iterations)");
        // one repetition of three at 0: the figure is the others' median, and that is said too
        ParsedOutput some = parser.read("BenchmarkX-8 1 10 ns/op\nBenchmarkX-8 1 0 ns/op\nBenchmarkX-8 1 30 ns/op\n");
        assertMetric(some.metrics(), "micro.BenchmarkX", 20, "ns/op (real)", false);
        assertThat(some.leftOut()).containsExactly("benchmark micro.BenchmarkX: 1 of its 3 repetitions left out (its"
                + " time is 0 ns/op (1 iterations)); its figure is the median of the other 2");
    }

    @Test
    void whenEveryBenchmarkIsLeftOutTheRunStopsNamingEachNeverGatingTheSuitesOwnTime() {
        String zeroOnly = read("go-test/zero-ns-per-op.txt").lines().filter(l -> !l.startsWith("BenchmarkFib15"))
                .collect(java.util.stream.Collectors.joining("\n"));
        assertThatThrownBy(() -> parser.parse(zeroOnly)).isInstanceOf(NoMatchException.class)
                .hasMessage("go-test: every benchmark is left out: benchmark micro.BenchmarkZero is left out, not"
                        + " compared: its line has no ns/op (20000 iterations; go test prints none when the time is 0)"
                        + " (all 3 repetitions)");
        assertThatThrownBy(() -> parser.parse("BenchmarkX-8 0 0 ns/op\n")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("benchmark micro.BenchmarkX is left out, not compared: its time is 0 ns/op");
    }

    @Test
    void anotherToolsOutputIsRefused() {
        assertThatThrownBy(() -> parser.parse(read("criterion/cargo-bench-bencher.txt")))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("no benchmark line with ns/op");
    }
}
