package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pgolab bench on real builds: parsed metrics, per-operation figures, and its error messages. */
class BenchIT {
    @TempDir
    Path tmp;

    private Path project(String bench) throws Exception {
        Path p = TinyProject.create(tmp.resolve("p"), "gcc", "\"release\", \"pgo\"",
                TinyProject.train("t", "{binary} run 300000") + bench);
        return p;
    }

    @Test
    void benchReadsMetricsFromTheOutputAndGivesPerOperationFigures() throws Exception {
        Path p = project("""
                [[bench]]
                name = "loop"
                command = "{binary} run 2000000 && echo ops=2000000"
                primary = ["cpu_time_per_op"]
                min_effect = { cpu_time_per_op = 2 }
                [[bench.metric]]
                name = "operations"
                regex = 'ops=(\\d+)'
                unit = "ops"
                direction = "higher"
                """);
        Path json = tmp.resolve("bench.json");
        Cli.Result r = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5", "--json", json.toString(),
                "--markdown", tmp.resolve("bench.md").toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("loop: 5 rounds", "release vs pgo", "cpu_time_per_op");
        var tree = Json.MAPPER.readTree(json.toFile());
        var w = tree.get("workloads").get(0);
        assertThat(w.get("metrics").has("operations")).isTrue();
        assertThat(w.get("medians").get("release").get("operations").asDouble()).isEqualTo(2_000_000);
        var perOp = tree.get("comparisons").findValues("metric").stream().map(n -> n.asText()).toList();
        assertThat(perOp).contains("cpu_time", "cpu_time_per_op");
        for (var c : tree.get("comparisons")) {
            if (c.get("metric").asText().equals("cpu_time_per_op")) {
                assertThat(c.get("gated").asBoolean()).isTrue();
                assertThat(c.get("min_effect").asDouble()).isEqualTo(0.02);
            }
        }
        assertThat(tree.get("tool_versions").toString()).contains("gcc");
        assertThat(Files.readString(tmp.resolve("bench.md"))).contains("cpu_time_per_op (gated)");
    }

    /** A real Google Benchmark suite (Debian's libbenchmark-dev) built by pgolab, each benchmark a gated measure. */
    @Test
    void aGoogleBenchmarkSuiteMakesEveryBenchmarkAGatedMeasure() throws Exception {
        io.pgolab.Tool.require(Files.exists(Path.of("/usr/include/benchmark/benchmark.h")), "libbenchmark-dev");
        Path p = tmp.resolve("suite");
        Files.createDirectories(p);
        Files.writeString(p.resolve("b.cc"), """
                #include <benchmark/benchmark.h>
                static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
                static void BM_Fib(benchmark::State& state) {
                  for (auto _ : state) benchmark::DoNotOptimize(fib(state.range(0)));
                }
                BENCHMARK(BM_Fib)->Arg(10)->Arg(14);
                static void BM_Odd(benchmark::State& state) { for (auto _ : state) benchmark::DoNotOptimize(fib(6)); }
                BENCHMARK(BM_Odd)->Name("odd name/with \\"quotes\\"")->Unit(benchmark::kMicrosecond);
                BENCHMARK_MAIN();
                """);
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                name = "suite"
                variants = ["release", "lto"]

                [toolchain]
                kind = "gcc"

                [build]
                command = "{cxx} -O2 {cxxflags} -c {srcdir}/b.cc -o {builddir}/b.o && {cxx} {ldflags} {builddir}/b.o -o {builddir}/b -lbenchmark -lpthread"
                artifact = "{builddir}/b"

                [[bench]]
                name = "micro"
                command = "{binary} --benchmark_format=json --benchmark_repetitions=3 --benchmark_min_time=0.002"
                parser = "google-benchmark"
                """);
        Path json = tmp.resolve("suite.json");
        Cli.Result r = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5", "--json", json.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("micro.BM_Fib/10", "micro.BM_Fib/14", "micro.odd name/with \"quotes\"", "Microbench: ");
        var tree = Json.MAPPER.readTree(json.toFile());
        for (var c : tree.get("comparisons")) {
            String metric = c.get("metric").asText();
            // every benchmark gated; the suite's own cpu_time is not (its iteration counts fill a fixed time)
            assertThat(c.get("gated").asBoolean()).as(metric).isEqualTo(metric.startsWith("micro."));
        }
        assertThat(tree.get("method").get("gated_metrics")).hasSize(3);
        assertThat(tree.get("workloads").get(0).get("metrics").get("micro.BM_Fib/14").get("unit").asText())
                .isEqualTo("ns/op (cpu)");
        String section = tree.get("microbench").asText();
        // the stop rule waited for the benchmarks (known only once the suite ran), not for the suite's cpu_time
        String stop = tree.get("workloads").get(0).get("stop_reason").asText();
        // (it names the undecided ones: which benchmark is decided by round 5 depends on the machine's noise)
        assertThat(stop).contains("3 gated measures", "micro.BM_Fib/").doesNotContain("cpu_time");
        assertThat(section).matches("Microbench: (all 3 measures within bounds.*|.*of 3 (regressed|inconclusive).*)\\.");
        assertThat(r.out()).contains(section);
        io.pgolab.report.JsonShape.assertAdditionsDocumented(tree, "microbench");
    }

    @Test
    void aParserThatMatchesNothingShowsTheTailOfTheOutput() throws Exception {
        Path p = project("""
                [[bench]]
                name = "notwrk"
                command = "{binary} run 1000"
                parser = "wrk"
                """);
        Cli.Result r = Cli.run(p, "bench", "--min-rounds", "5");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("the wrk parser found nothing in the output of").contains("result=");
    }

    @Test
    void aLoadToolExitingZeroWithAnErrorReportFailsTheBench() throws Exception {
        io.pgolab.Tool.require(ServiceErrorsIT.onPath("iperf3"), "iperf3");
        Path p = project("""
                [[bench]]
                name = "net"
                command = "{binary} run 1000 >/dev/null; iperf3 -c 127.0.0.1 -p %d -t 1 -J"
                parser = "iperf3"
                """.formatted(ServiceErrorsIT.closedPort()));
        Cli.Result r = Cli.run(p, "bench", "--min-rounds", "5");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("error: 'release' exited 0, but its output says it failed: iperf3 reported an error:"
                + " unable to connect to server: Connection refused").contains("\"error\":")
                .contains("hint: run the command by hand").doesNotContain("found nothing");
    }

    @Test
    void unknownParserNamesTheWorkloadAndSuggests() throws Exception {
        Path p = project("""
                [[bench]]
                name = "typo"
                command = "{binary} run 1000"
                parser = "iperf"
                """);
        Cli.Result r = Cli.run(p, "bench", "--no-build");
        assertThat(r.err()).contains("key 'bench.typo.parser': unknown parser 'iperf'").contains("iperf3");
    }

    @Test
    void noBuildWithAnUnbuiltVariantSaysSo() throws Exception {
        Path p = project("""
                [[bench]]
                name = "b"
                command = "{binary} run 1000"
                """);
        Cli.Result r = Cli.run(p, "bench", "--no-build");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("variant 'release' has not been built").contains("pgolab build release");
    }

    /**
     * Issue 27: release and lto built byte-identical (a build that ignores {cflags}, with no-lto allowed): bench and
     * ladder still measure them, but every output says the comparison is between one program and itself.
     */
    @Test
    void byteIdenticalVariantsAreMarkedInEveryOutput() throws Exception {
        Path p = tmp.resolve("same");
        Files.createDirectories(p);
        Files.writeString(p.resolve("hot.c"), TinyProject.SOURCE);
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                variants = ["release", "lto"]
                [toolchain]
                kind = "gcc"
                [build]
                command = "{cc} -O2 -c {srcdir}/hot.c -o {builddir}/hot.o && {cc} {builddir}/hot.o -o {builddir}/hot"
                artifact = "{builddir}/hot"
                allow = ["no-lto"]
                [[bench]]
                name = "loop"
                command = "{binary} run 200000"
                """);
        Cli.Result r = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5", "--json", tmp.resolve("s.json").toString(),
                "--markdown", tmp.resolve("s.md").toString(), "--html", tmp.resolve("s.html").toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        String warning = "identical binaries: 'release' and 'lto' are the same file (SHA-256 ";
        assertThat(r.out()).contains("  warning: " + warning);
        var w = Json.MAPPER.readTree(tmp.resolve("s.json").toFile()).get("workloads").get(0).get("warnings");
        assertThat(w.get(0).asText()).startsWith(warning).contains("measures only noise");
        var kinds = Json.MAPPER.readTree(tmp.resolve("s.json").toFile()).get("workloads").get(0).get("warning_kinds");
        assertThat(kinds).hasSize(w.size());
        assertThat(kinds.get(0).asText()).isEqualTo("identical_binaries");
        assertThat(Files.readString(tmp.resolve("s.md"))).contains(warning);
        assertThat(Files.readString(tmp.resolve("s.html"))).contains(warning.replace("'", "&#39;"));

        Cli.Result ladder = Cli.run(p, "ladder", "release", "lto", "--min-rounds", "5", "--max-rounds", "5");
        assertThat(ladder.exitCode()).as(ladder.all()).isZero();
        assertThat(ladder.out()).contains("warning: " + warning);
    }
}
