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
        // -2 (GOMAXPROCS) dropped, as every line has it; "/" and "=" become "_"
        assertThat(names(m)).containsExactly("micro.BenchmarkFib15", "micro.BenchmarkFibSub_n_10_odd_name",
                "micro.BenchmarkFibSub_n_12_odd_name");
        assertMetric(m, "micro.BenchmarkFib15", 5174, "ns/op", false);
        assertMetric(m, "micro.BenchmarkFibSub_n_10_odd_name", 448.3, "ns/op", false);
        assertMetric(m, "micro.BenchmarkFibSub_n_12_odd_name", 1078, "ns/op", false);
        assertThat(parser.reportedError(read("go-test/count-3.txt"))).isEmpty();
    }

    @Test
    void twoPackagesWithTheSameBenchmarkNameStayApart() {
        List<ParsedMetric> m = parser.parse(read("go-test/two-packages-gomaxprocs-1.txt"));
        assertThat(names(m)).contains("micro.example.com_gob.BenchmarkFib15", "micro.example.com_gob_sub.BenchmarkFib15");
        assertMetric(m, "micro.example.com_gob.BenchmarkFib15", (3020 + 4239) / 2.0, "ns/op", false);
        assertMetric(m, "micro.example.com_gob_sub.BenchmarkFib15", (0.4702 + 0.4852) / 2, "ns/op", false);
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
        assertThat(names(parser.parse(out))).containsExactly("micro.BenchmarkSize-1".replace('-', '_'),
                "micro.BenchmarkSize_2");
    }

    @Test
    void anotherToolsOutputIsRefused() {
        assertThatThrownBy(() -> parser.parse(read("criterion/cargo-bench-bencher.txt")))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("no benchmark line with ns/op");
    }
}
