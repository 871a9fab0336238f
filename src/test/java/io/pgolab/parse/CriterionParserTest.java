package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Fixtures captured with criterion 0.5.1 (cargo bench, rustc 1.95), see parse/README.md. */
class CriterionParserTest {
    final CriterionParser parser = new CriterionParser();

    @Test
    void readsTheMiddleEstimateOfEachBenchmarkInNanoseconds() {
        List<ParsedMetric> m = parser.parse(read("criterion/cargo-bench-first.txt"));
        assertThat(names(m)).containsExactly("micro.fib 15", "micro.fib/group/10", "micro.fib/group/12");
        assertMetric(m, "micro.fib 15", 23.939e3, "ns/op", false);
        assertMetric(m, "micro.fib/group/10", 824.38, "ns/op", false);
        assertMetric(m, "micro.fib/group/12", 7.3567e3, "ns/op", false);
    }

    @Test
    void criterionsOwnChangeLinesAndALongIdOnItsOwnLineAreHandled() {
        // a second run: "change:" blocks whose nested "time:" holds percentages, and a long id printed alone
        List<ParsedMetric> m = parser.parse(read("criterion/cargo-bench-with-change.txt"));
        assertThat(names(m)).containsExactly("micro.fib 15", "micro.fib/group/10", "micro.fib/group/12",
                "micro.a_rather_long_benchmark_name: with odd/chars & more");
        assertMetric(m, "micro.fib/group/10", 138.78, "ns/op", false);
        assertMetric(m, "micro.fib/group/12", 336.06, "ns/op", false);
        assertMetric(m, "micro.a_rather_long_benchmark_name: with odd/chars & more", 51.2, "ns/op", false);
    }

    @Test
    void readsARealCratesSuiteWithBracketsAndColonsInItsIds() {
        // itoa 1.0.19 (crate registry), its benches/bench.rs built as a bin against criterion 0.8.2
        List<ParsedMetric> m = parser.parse(read("criterion/itoa-1.0.19-criterion-0.8.txt"));
        assertThat(m).hasSize(14);
        assertThat(names(m)).startsWith("micro.u64[0]/itoa", "micro.u64[0]/std::fmt", "micro.u64[half]/itoa");
        assertMetric(m, "micro.u64[0]/std::fmt", 25.832, "ns/op", false);
        assertMetric(m, "micro.u128[max]/std::fmt", 107.77, "ns/op", false);
    }

    @Test
    void readsTheBencherFormat() {
        List<ParsedMetric> m = parser.parse(read("criterion/cargo-bench-bencher.txt"));
        assertThat(names(m)).containsExactly("micro.fib 15", "micro.fib/group/10", "micro.fib/group/12",
                "micro.a_rather_long_benchmark_name: with odd/chars & more");
        assertMetric(m, "micro.fib 15", 1784, "ns/op", false);
    }

    @Test
    void anotherToolsOutputIsRefused() {
        assertThatThrownBy(() -> parser.parse(read("go-test/count-3.txt")))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("no \"ID   time:");
    }

    @Test
    void aNegativeTimeIsLeftOutAndSaidNotSkippedUnseen() {
        ParsedOutput o = parser.read("a\n                        time:   [-1.0 ns -1.1 ns -1.2 ns]\n"
                + "b\n                        time:   [2.0 ns 2.1 ns 2.2 ns]\n");
        assertThat(names(o.metrics())).containsExactly("micro.b");
        assertThat(o.leftOut()).singleElement().asString().startsWith("benchmark micro.a is left out, not compared");
    }

    @Test
    void anIdPrintedTwiceIsTwoBenchmarksAndRefused() {
        // cargo bench runs every bench target: two of them with a benchmark "a" print it twice
        assertThatThrownBy(() -> parser.read("a\n    time:   [1.0 ns 1.1 ns 1.2 ns]\na\n    time:   [5.0 ns 5.1 ns 5.2 ns]\n"))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("the benchmark id 'a' is printed twice");
        assertThatThrownBy(() -> parser.read("test a ... bench:  1,784 ns/iter (+/- 189)\ntest a ... bench:  5 ns/iter (+/- 1)\n"))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("'a' is printed twice");
    }
}
