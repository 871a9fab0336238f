package io.pgolab.measure.perf;

import io.pgolab.Tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.pgolab.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerfShareTest {
    @TempDir
    Path tmp;

    private static String fixture(String name) throws IOException {
        try (InputStream in = PerfShareTest.class.getResourceAsStream("/measure/perfshare/" + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void parsesCapturedReportOfCProgram() throws IOException {
        PerfShare.Shares s = PerfShare.parse(fixture("spinwrite-report.txt"), Set.of("spinwrite"));
        assertThat(s.samples()).isEqualTo(853);
        assertThat(s.own()).isCloseTo(100.0 * 374 / 853, within(1e-9));
        assertThat(s.kernel()).isCloseTo(100.0 * 393 / 853, within(1e-9));
        assertThat(s.libraries()).isCloseTo(100.0 * 86 / 853, within(1e-9));
        assertThat(s.byDso()).containsEntry("[kernel.kallsyms]", 46.07).containsEntry("libc.so.6", 10.08)
                .containsEntry("spinwrite", 43.85).hasSize(3);
        assertThat(s.describe()).isEqualTo("own code 43.8%, libraries 10.1%, kernel 46.1% of the server's CPU"
                + " samples (853 samples): PGO can act on at most the 44% in its own code");
    }

    @Test
    void parsesReportWithoutSampleColumnFromPercentages() throws IOException {
        PerfShare.Shares s = PerfShare.parse(fixture("spinwrite-report-nosamplecol.txt"), Set.of("/tmp/x/spinwrite"));
        assertThat(s.samples()).isEqualTo(853);
        assertThat(s.own()).isCloseTo(43.85, within(1e-9));
        assertThat(s.kernel()).isCloseTo(46.07, within(1e-9));
        assertThat(s.libraries()).isCloseTo(10.08, within(1e-9));
    }

    @Test
    void parsesCapturedPythonReportWithSeveralOwnDsos() throws IOException {
        String report = fixture("python3-report.txt");
        PerfShare.Shares byBinary = PerfShare.parse(report, Set.of("python3.11"));
        assertThat(byBinary.samples()).isEqualTo(2134);
        assertThat(byBinary.own()).isZero();
        assertThat(byBinary.kernel()).isCloseTo(100.0 * 66 / 2134, within(1e-9));
        assertThat(byBinary.libraries()).isCloseTo(100.0 * (2134 - 66) / 2134, within(1e-9));

        PerfShare.Shares withLib = PerfShare.parse(report, Set.of("python3.11", "libpython3.11.so.1.0"));
        assertThat(withLib.own()).isCloseTo(100.0 * 1808 / 2134, within(1e-9));
        assertThat(withLib.own() + withLib.libraries() + withLib.kernel()).isCloseTo(100.0, within(1e-9));
        assertThat(withLib.byDso()).hasSize(6).containsEntry("math.cpython-311-x86_64-linux-gnu.so", 7.54);
    }

    @Test
    void classifiesBracketedDsos() {
        Set<String> own = Set.of("srv");
        assertThat(PerfShare.classify("[kernel.kallsyms]", own)).isEqualTo(PerfShare.Kind.KERNEL);
        assertThat(PerfShare.classify("[nf_tables]", own)).isEqualTo(PerfShare.Kind.KERNEL);
        assertThat(PerfShare.classify("[vdso]", own)).isEqualTo(PerfShare.Kind.LIBRARY);
        assertThat(PerfShare.classify("[unknown]", own)).isEqualTo(PerfShare.Kind.LIBRARY);
        assertThat(PerfShare.classify("srv", own)).isEqualTo(PerfShare.Kind.OWN);
        assertThat(new PerfShare.Shares(0, 0, 0, 0, java.util.Map.of()).describe()).startsWith("no CPU samples");
    }

    @Test
    void liveRecordingOfSpinThenSyscalls() throws Exception {
        Tool.require(PerfShare.unavailableReason().isEmpty(), "a usable perf (" + PerfShare.unavailableReason().orElse("") + ")");
        Path src = tmp.resolve("spinwrite.c");
        Files.writeString(src, fixture("spinwrite.c"));
        Path bin = tmp.resolve("spinwrite");
        Process cc = new ProcessBuilder("gcc", "-O1", "-o", bin.toString(), src.toString()).inheritIO().start();
        assertThat(cc.waitFor()).isZero();

        // The program sleeps 0.2 s first so perf is attached before the spin starts.
        Process target = new ProcessBuilder("sh", "-c", "sleep 0.2; exec " + bin + " 0.5").start();
        Path data = tmp.resolve("perf.data");
        try (PerfShare.Recording rec = PerfShare.start(target.pid(), data)) {
            assertThat(rec.isRunning()).isTrue();
            assertThat(target.waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(rec.stop()).isEqualTo(data.toAbsolutePath());
            assertThat(rec.isRunning()).isFalse();
        } finally {
            target.destroyForcibly();
        }
        PerfShare.Shares s = PerfShare.read(data, bin.toString());
        assertThat(s.samples()).isGreaterThan(50);
        assertThat(s.own()).as(s.describe()).isGreaterThan(20);
        assertThat(s.kernel()).as(s.describe()).isGreaterThan(10);
        assertThat(perfRecordsWriting(tmp.toString())).isEmpty();
    }

    @Test
    void stopEndsPerfWhileTargetStillRuns() throws Exception {
        Tool.require(PerfShare.unavailableReason().isEmpty(), "a usable perf (" + PerfShare.unavailableReason().orElse("") + ")");
        Process target = new ProcessBuilder("sleep", "30").start();
        try {
            Path data = tmp.resolve("idle.data");
            try (PerfShare.Recording rec = PerfShare.start(target.pid(), data)) {
                Thread.sleep(300);
                assertThat(rec.isRunning()).isTrue();
            } // close() stops it
            assertThat(perfRecordsWriting(tmp.toString())).isEmpty();
            assertThat(data).isRegularFile();
            PerfShare.Shares s = PerfShare.read(data, "sleep");
            assertThat(s.samples()).isLessThan(20);
        } finally {
            target.destroyForcibly();
        }
    }

    @Test
    void missingPidIsAUserError() {
        long pid = 4_000_000; // above pid_max's limit (2^22)
        assertThatThrownBy(() -> PerfShare.start(pid, tmp.resolve("x.data")))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("no process with pid " + pid);
        assertThat(perfRecordsWriting(tmp.toString())).isEmpty();
    }

    @Test
    void readOfMissingFileIsAUserError() {
        assertThatThrownBy(() -> PerfShare.read(tmp.resolve("none.data"), "x"))
                .isInstanceOf(UserError.class).hasMessageContaining("no perf data file");
    }

    /** Live `perf record` processes whose command line mentions the given path. */
    private static List<String> perfRecordsWriting(String pathPart) {
        List<String> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).forEach(p -> {
                try {
                    String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8)
                            .replace('\0', ' ');
                    if (cmd.startsWith("perf record") && cmd.contains(pathPart)) {
                        found.add(p.getFileName() + ": " + cmd);
                    }
                } catch (IOException ignored) {
                    // process gone
                }
            });
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
        return found;
    }
}
