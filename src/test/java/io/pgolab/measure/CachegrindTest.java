package io.pgolab.measure;

import io.pgolab.Tool;

import io.pgolab.process.CommandMeasurer;
import io.pgolab.process.MeasuredCommand;
import io.pgolab.process.RunnerBinary;
import io.pgolab.UserError;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/**
 * Parsing tests use real Cachegrind/Callgrind output captured with valgrind 3.19 from
 * {@code measure/cachegrind-tiny.c} (a freestanding program, so the files are short). The live tests
 * run real valgrind on a small C program compiled here; valgrind is ~20-100x slower than native, so
 * the workloads are tiny.
 */
class CachegrindTest {
    @TempDir
    static Path shared;
    static CommandMeasurer measurer;
    static Path program;

    @TempDir
    Path work;

    static final String PROGRAM = """
            #include <stdio.h>
            #include <stdlib.h>
            int main(int argc, char **argv) {
                int n = argc > 1 ? atoi(argv[1]) : 20000;
                unsigned long s = 0;
                int *a = malloc(sizeof(int) * 4096);
                for (int i = 0; i < 4096; i++) a[i] = (int)((i * 2654435761u) >> 7);
                for (int i = 0; i < n; i++) { int v = a[(i * 31) & 4095]; if (v & 1) s += v; else s ^= i; }
                printf("%lu\\n", s);
                free(a);
                return 0;
            }
            """;

    @BeforeAll
    static void setUp() throws Exception {
        measurer = new CommandMeasurer(RunnerBinary.ensure(shared.resolve("cache")));
        program = io.pgolab.CProgram.compile(shared, "work", PROGRAM);
    }

    static Path fixture(String name) throws URISyntaxException {
        return Path.of(CachegrindTest.class.getResource("/measure/" + name).toURI());
    }

    // ---- parsing (real captured files) ----

    @Test
    void parsesARealCachegrindFileByEventName() throws Exception {
        Cachegrind.Counts c = CachegrindOutput.parse(Files.readString(fixture("cachegrind-tiny/cg.1596.out")));
        // events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw Bc Bcm Bi Bim
        // summary: 8041 3 3 2 0 0 5 3 3 1003 11 0 0
        assertThat(c.get("Ir")).isEqualTo(8041);
        assertThat(c.get("Dw")).isEqualTo(5);
        assertThat(c.get("Bc")).isEqualTo(1003);
        assertThat(c.get("Bcm")).isEqualTo(11);
        assertThat(c.processes()).isEqualTo(1);
        assertThat(c.description()).contains("LL cache:         8388608 B, 64 B, 16-way associative");
        // L1m = 3+0+3, LLm = 3+0+3, Bm = 11+0: 8041 + 10*11 + 10*6 + 100*6
        assertThat(c.metrics()).containsExactly(
                entry("instructions", 8041.0),
                entry("est_cycles", 8811.0),
                entry("i1_misses", 3.0),
                entry("d1_misses", 3.0),
                entry("ll_misses", 6.0),
                entry("branches", 1003.0),
                entry("branch_mispredicts", 11.0));
        assertThat(c.metrics().keySet()).containsExactlyElementsOf(Cachegrind.METRICS);
    }

    @Test
    void callgrindOrdersTheSameEventsDifferentlyAndIsStillReadByName() throws Exception {
        // Callgrind: "events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim" and a summary that
        // omits trailing zeros ("24024 2 5 2 0 3 2 0 3 3002 10"); the same run under Cachegrind is cg.1597.out.
        Cachegrind.Counts callgrind = CachegrindOutput.parse(Files.readString(fixture("callgrind-tiny-child.out")));
        Cachegrind.Counts cachegrind = CachegrindOutput.parse(Files.readString(fixture("cachegrind-tiny/cg.1597.out")));
        assertThat(callgrind.get("Ir")).isEqualTo(24024).isEqualTo(cachegrind.get("Ir"));
        assertThat(callgrind.get("Dw")).isEqualTo(5).isEqualTo(cachegrind.get("Dw"));
        assertThat(callgrind.get("Bc")).isEqualTo(3002).isEqualTo(cachegrind.get("Bc"));
        assertThat(callgrind.get("Bcm")).isEqualTo(10).isEqualTo(cachegrind.get("Bcm"));
        assertThat(callgrind.has("Bi", "Bim")).isTrue();
        assertThat(callgrind.get("Bim")).isZero();
    }

    @Test
    void readSumsTheFilesOfEveryTracedProcess() throws Exception {
        Cachegrind.Counts c = CachegrindOutput.read(fixture("cachegrind-tiny"));
        assertThat(c.processes()).isEqualTo(2);
        assertThat(c.get("Ir")).isEqualTo(8041 + 24024);
        assertThat(c.metrics()).containsEntry("branches", 1003.0 + 3002.0)
                .containsEntry("branch_mispredicts", 21.0)
                // L1m = I1mr (3+2) + D1mr (0+0) + D1mw (3+3); LLm = ILmr (3+2) + DLmr (0+0) + DLmw (3+3)
                .containsEntry("est_cycles", (double) Cachegrind.estimatedCycles(32065, 11, 11, 21));
    }

    @Test
    void probeReportsPrefixedMetrics() throws Exception {
        CachegrindProbe probe = new CachegrindProbe();
        Map<String, Double> values = probe.read(fixture("cachegrind-tiny"));
        assertThat(values).containsEntry("det.instructions", 32065.0);
        assertThat(values.keySet()).containsExactlyElementsOf(probe.metrics().keySet());
        assertThat(probe.metrics().get("det.est_cycles").unit()).isEqualTo("cycles");
        assertThat(probe.wrap(List.of("./app"), Path.of("/tmp/o"))).isEqualTo(Cachegrind.wrap(List.of("./app"), Path.of("/tmp/o")));
        assertThatThrownBy(() -> probe.read(work)).isInstanceOf(UserError.class).hasMessageContaining("no Cachegrind output");
    }

    @Test
    void estimatedCyclesFormula() {
        assertThat(Cachegrind.estimatedCycles(1000, 2, 3, 4)).isEqualTo(1000 + 10 * 4 + 10 * 2 + 100 * 3);
    }

    @Test
    void metricsWithoutTheirEventsAreLeftOut() {
        Cachegrind.Counts c = CachegrindOutput.parse("events: Ir\nsummary: 1234\n");
        assertThat(c.metrics()).containsExactly(entry("instructions", 1234.0));
    }

    @Test
    void rejectsTruncatedOrForeignFiles() {
        assertThatThrownBy(() -> CachegrindOutput.parse("events: Ir I1mr\nfn=main\n0 5 1\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("truncated");
        assertThatThrownBy(() -> CachegrindOutput.parse("hello\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("events:");
        assertThatThrownBy(() -> CachegrindOutput.parse("events: Ir\nsummary: 1 2\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2 numbers for 1 events");
        assertThatThrownBy(() -> CachegrindOutput.parse("events: Ir Ir\nsummary: 1 2\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("twice");
    }

    @Test
    void readOfAnEmptyDirectorySaysSoWithValgrindsLog() throws Exception {
        Files.writeString(work.resolve("valgrind.77.log"), "==77== valgrind: the 'impossible' happened\n");
        assertThatThrownBy(() -> CachegrindOutput.read(work))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("no Cachegrind output")
                .hasMessageContaining("the 'impossible' happened");
    }

    @Test
    void wrapBuildsTheValgrindCommandLine() {
        Path dir = Path.of("/tmp/out");
        assertThat(Cachegrind.wrap(List.of("./app", "-n", "3"), dir)).containsExactly(
                "valgrind", "--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes", "--trace-children=yes",
                "--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64",
                "--cachegrind-out-file=/tmp/out/cg.%p.out", "--log-file=/tmp/out/valgrind.%p.log",
                "--", "./app", "-n", "3");
        List<String> noAslr = Cachegrind.wrap(List.of("./app"), dir, new Cachegrind.Options(true, true));
        assertThat(noAslr.subList(0, 4)).containsExactly("setarch", Cachegrind.machine(), "-R", "valgrind");
        assertThat(noAslr).noneMatch(a -> a.startsWith("--LL="));
    }

    @Test
    void missingValgrindIsExplained() {
        assertThat(Cachegrind.probe("/nonexistent-dir")).contains("valgrind is not installed (apt-get install -y valgrind)");
    }

    // ---- live: real valgrind ----

    private MeasuredCommand cmd(String... argv) {
        return MeasuredCommand.of(List.of(argv), work, work.resolve("out.txt"), work.resolve("err.txt"));
    }

    @Test
    void instructionCountsRepeatExactlyRunToRun() throws Exception {
        Tool.require(Cachegrind.unavailableReason().isEmpty(), "valgrind (" + Cachegrind.unavailableReason().orElse("") + ")");
        Cachegrind.Result a = Cachegrind.measure(measurer, cmd(program.toString(), "20000"), work.resolve("a"), Cachegrind.Options.DEFAULT);
        Cachegrind.Result b = Cachegrind.measure(measurer, cmd(program.toString(), "20000"), work.resolve("b"), Cachegrind.Options.DEFAULT);
        Cachegrind.Result noAslr = Cachegrind.measure(measurer, cmd(program.toString(), "20000"), work.resolve("c"),
                new Cachegrind.Options(true, false));
        assertThat(a.measurement().succeeded()).isTrue();
        assertThat(Files.readString(work.resolve("out.txt"))).isNotBlank();
        Map<String, Double> ma = a.counts().metrics();
        Map<String, Double> mb = b.counts().metrics();
        System.out.printf("cachegrind %s 20000: run 1 %s%n  run 2 %s%n  setarch -R %s%n",
                program, ma, mb, noAslr.counts().metrics());
        assertThat(ma.keySet()).containsExactlyElementsOf(Cachegrind.METRICS);
        assertThat(ma.get("instructions")).isGreaterThan(100_000.0);
        // identical in practice; the contract is 0.1 %
        assertThat(Math.abs(ma.get("instructions") - mb.get("instructions")) / ma.get("instructions")).isLessThanOrEqualTo(0.001);
        assertThat(Math.abs(ma.get("est_cycles") - mb.get("est_cycles")) / ma.get("est_cycles")).isLessThanOrEqualTo(0.001);
        assertThat(noAslr.counts().get("Ir")).isCloseTo(a.counts().get("Ir"), org.assertj.core.data.Percentage.withPercentage(0.1));
        // more work, more instructions
        Cachegrind.Result bigger = Cachegrind.measure(measurer, cmd(program.toString(), "40000"), work.resolve("d"), null);
        assertThat(bigger.counts().get("Ir")).isGreaterThan(a.counts().get("Ir") + 100_000);
    }

    @Test
    void sumsChildProcessesOfAShell() throws Exception {
        Tool.require(Cachegrind.unavailableReason().isEmpty(), "valgrind (" + Cachegrind.unavailableReason().orElse("") + ")");
        Path out = work.resolve("cg");
        String p = program.toString();
        Cachegrind.Result one = Cachegrind.measure(measurer, cmd(p, "1000"), work.resolve("one"), null);
        Cachegrind.Result shell = Cachegrind.measure(measurer, cmd("sh", "-c", p + " 1000 && " + p + " 1000"), out, null);
        assertThat(shell.measurement().succeeded()).isTrue();
        assertThat(shell.counts().processes()).isEqualTo(3); // sh and two children
        assertThat(CachegrindOutput.list(out, Cachegrind.OUT_PREFIX, Cachegrind.OUT_SUFFIX)).hasSize(3);
        assertThat(shell.counts().get("Ir")).isGreaterThan(2 * one.counts().get("Ir"));
        // the program's own stderr is not polluted by valgrind's banner
        assertThat(Files.readString(work.resolve("err.txt"))).doesNotContain("Cachegrind");
    }

    @Test
    void aMissingProgramIsAUserError() throws Exception {
        Tool.require(Cachegrind.unavailableReason().isEmpty(), "valgrind (" + Cachegrind.unavailableReason().orElse("") + ")");
        assertThatThrownBy(() -> Cachegrind.measure(measurer, cmd("./no-such-program"), work.resolve("x"), null))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("./no-such-program")
                .hasMessageContaining("No such file or directory");
    }

    @Test
    void clearRemovesOutputOfAnEarlierRun() throws Exception {
        Path dir = work.resolve("reuse");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("cg.1.out"), "events: Ir\nsummary: 5\n");
        Files.writeString(dir.resolve("valgrind.1.log"), "x");
        Files.writeString(dir.resolve("keep.txt"), "x");
        Cachegrind.clear(dir);
        try (var s = Files.list(dir)) {
            assertThat(s.map(f -> f.getFileName().toString())).containsExactly("keep.txt");
        }
    }
}
