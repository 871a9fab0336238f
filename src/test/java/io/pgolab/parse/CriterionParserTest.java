package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fixtures captured with criterion 0.5.1 (cargo bench, rustc 1.95), see parse/README.md. */
class CriterionParserTest {
    final CriterionParser parser = new CriterionParser();

    @Test
    void readsTheMiddleEstimateOfEachBenchmarkInNanoseconds() {
        List<ParsedMetric> m = parser.parse(read("criterion/cargo-bench-first.txt"));
        assertThat(names(m)).containsExactly("micro.fib 15", "micro.fib/group/10", "micro.fib/group/12");
        assertMetric(m, "micro.fib 15", 23.939e3, "ns/op (real)", false);
        assertMetric(m, "micro.fib/group/10", 824.38, "ns/op (real)", false);
        assertMetric(m, "micro.fib/group/12", 7.3567e3, "ns/op (real)", false);
    }

    @Test
    void criterionsOwnChangeLinesAndALongIdOnItsOwnLineAreHandled() {
        // a second run: "change:" blocks whose nested "time:" holds percentages, and a long id printed alone
        List<ParsedMetric> m = parser.parse(read("criterion/cargo-bench-with-change.txt"));
        assertThat(names(m)).containsExactly("micro.fib 15", "micro.fib/group/10", "micro.fib/group/12",
                "micro.a_rather_long_benchmark_name: with odd/chars & more");
        assertMetric(m, "micro.fib/group/10", 138.78, "ns/op (real)", false);
        assertMetric(m, "micro.fib/group/12", 336.06, "ns/op (real)", false);
        assertMetric(m, "micro.a_rather_long_benchmark_name: with odd/chars & more", 51.2, "ns/op (real)", false);
    }

    @Test
    void readsARealCratesSuiteWithBracketsAndColonsInItsIds() {
        // itoa 1.0.19 (crate registry), its benches/bench.rs built as a bin against criterion 0.8.2
        List<ParsedMetric> m = parser.parse(read("criterion/itoa-1.0.19-criterion-0.8.txt"));
        assertThat(m).hasSize(14);
        assertThat(names(m)).startsWith("micro.u64[0]/itoa", "micro.u64[0]/std::fmt", "micro.u64[half]/itoa");
        assertMetric(m, "micro.u64[0]/std::fmt", 25.832, "ns/op (real)", false);
        assertMetric(m, "micro.u128[max]/std::fmt", 107.77, "ns/op (real)", false);
    }

    @Test
    void readsTheBencherFormat() {
        List<ParsedMetric> m = parser.parse(read("criterion/cargo-bench-bencher.txt"));
        assertThat(names(m)).containsExactly("micro.fib 15", "micro.fib/group/10", "micro.fib/group/12",
                "micro.a_rather_long_benchmark_name: with odd/chars & more");
        assertMetric(m, "micro.fib 15", 1784, "ns/op (real)", false);
    }

    @Test
    void eachBenchmarkIsTheMedianOfItsSamplesFromTheFilesThisRunWrote(@TempDir Path dir) throws Exception {
        // a real run (criterion 0.5.1) on a busy machine: sum printed 20.769 µs, the median of its samples 567.9 ns
        Instant started = Instant.now().minusSeconds(1);
        Path home = copyOfTheRun(dir);
        assertThat(parser.env(home)).isEqualTo(Map.of("CRITERION_HOME", home.toString()));
        ParsedOutput o = parser.read(read("criterion/samples/stdout.txt"), RunFiles.of(home, started));
        assertThat(o.leftOut()).isEmpty();
        assertThat(names(o.metrics())).containsExactly("micro.sum", "micro.hash", "micro.fib group/rec/odd:id/10",
                "micro.fib group/rec/odd:id/12");
        assertMetric(o.metrics(), "micro.sum", 567.8603589420655, "ns/op (real)", false);
        assertMetric(o.metrics(), "micro.hash", 64447.18468335788, "ns/op (real)", false);
        // the id from benchmark.json's title, not the directory's sanitised name (rec_odd_id)
        assertMetric(o.metrics(), "micro.fib group/rec/odd:id/10", 1008.484829592685, "ns/op (real)", false);
    }

    @Test
    void aSampleFileFromAnEarlierRunIsNotReadAndSaid(@TempDir Path dir) throws Exception {
        Path home = copyOfTheRun(dir);
        Instant started = Instant.now();
        Path stale = home.resolve("hash/new/sample.json");
        Files.setLastModifiedTime(stale, FileTime.from(started.minus(1, ChronoUnit.HOURS)));
        ParsedOutput o = parser.read(read("criterion/samples/stdout.txt"), RunFiles.of(home, started));
        // hash's figure is criterion's printed estimate (85.646 µs), and both facts are said
        assertMetric(o.metrics(), "micro.hash", 85.646e3, "ns/op (real)", false);
        assertMetric(o.metrics(), "micro.sum", 567.8603589420655, "ns/op (real)", false);
        assertThat(o.leftOut()).containsExactly(
                "criterion's hash/new/sample.json was written before this run started (an earlier run's file): not read",
                "benchmark micro.hash has no sample.json of this run: its figure is criterion's printed estimate");
    }

    @Test
    void withoutAnyFileTheFigureIsThePrintedEstimateAndThatIsSaid(@TempDir Path dir) {
        // the command set CRITERION_HOME itself, or ran cargo-criterion: the run's own directory stayed empty
        ParsedOutput o = parser.read(read("criterion/samples/stdout.txt"), RunFiles.of(dir, Instant.now()));
        assertMetric(o.metrics(), "micro.sum", 20.769e3, "ns/op (real)", false);
        assertThat(o.leftOut()).singleElement().asString().startsWith("criterion wrote no sample.json in this run under"
                + " CRITERION_HOME=" + dir + ", so each benchmark's figure is its printed estimate");
    }

    @Test
    void aDamagedSampleFileIsNotReadAndSaid(@TempDir Path dir) throws Exception {
        Path home = copyOfTheRun(dir);
        Files.writeString(home.resolve("sum/new/sample.json"), "{\"iters\": [1, 2], \"times\": [5]}");
        Files.writeString(home.resolve("hash/new/sample.json"), "{\"iters\": [1, 2], \"tim");
        ParsedOutput o = parser.read(read("criterion/samples/stdout.txt"), RunFiles.of(home, Instant.now()
                .minusSeconds(5)));
        assertMetric(o.metrics(), "micro.sum", 20.769e3, "ns/op (real)", false);
        assertMetric(o.metrics(), "micro.hash", 85.646e3, "ns/op (real)", false);
        assertThat(o.leftOut()).anyMatch(n -> n.startsWith("criterion's sum/new/sample.json has no \"iters\" and"))
                .anyMatch(n -> n.startsWith("criterion's hash/new/sample.json could not be read"));
    }

    /** The files of the captured run (benchmark.json and sample.json per benchmark), copied afresh under dir. */
    private static Path copyOfTheRun(Path dir) throws IOException, URISyntaxException {
        Path from = Path.of(CriterionParserTest.class.getResource("/parse/criterion/samples/home").toURI());
        Path home = dir.resolve("home");
        try (Stream<Path> all = Files.walk(from)) {
            for (Path f : all.toList()) {
                Path to = home.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        return home;
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
