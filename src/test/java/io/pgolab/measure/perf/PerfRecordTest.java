package io.pgolab.measure.perf;

import io.pgolab.Tool;
import io.pgolab.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** perf record on a live pid: start, stop, no perf left behind, and the shares of what it recorded. */
class PerfRecordTest {
    @TempDir
    Path tmp;

    @Test
    void argvSamplesCpuClockOfThePid() {
        assertThat(PerfRecord.argv(42, Path.of("/tmp/p.data"))).containsExactly(
                "perf", "record", "-e", "cpu-clock", "-F", "999", "-p", "42", "-o", "/tmp/p.data");
    }

    @Test
    void liveRecordingOfSpinThenSyscalls() throws Exception {
        Tool.require(Perf.detect().canSample(), "a usable perf (" + Perf.detect().samplingProblem().orElse("") + ")");
        Path src = tmp.resolve("spinwrite.c");
        Files.writeString(src, DsoSharesTest.fixture("spinwrite.c"));
        Path bin = tmp.resolve("spinwrite");
        Process cc = new ProcessBuilder("gcc", "-O1", "-o", bin.toString(), src.toString()).inheritIO().start();
        assertThat(cc.waitFor()).isZero();

        // The program waits for a file that the test creates once start() has returned: start() returns only
        // when perf really records (its control handshake), so the spin is recorded however busy the machine is.
        Path go = tmp.resolve("go");
        Process target = new ProcessBuilder("sh", "-c", "while [ ! -e '" + go + "' ]; do sleep 0.02; done; exec " + bin
                + " 0.5").start();
        Path data = tmp.resolve("perf.data");
        try (PerfRecord rec = PerfRecord.start(target.pid(), data)) {
            assertThat(rec.isRunning()).isTrue();
            Files.writeString(go, "");
            assertThat(target.waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(rec.stop()).isEqualTo(data.toAbsolutePath());
            assertThat(rec.isRunning()).isFalse();
        } finally {
            target.destroyForcibly();
        }
        DsoShares s = DsoShares.read(data, bin.toString());
        assertThat(s.samples()).isGreaterThan(50);
        assertThat(s.own()).as(s.describe()).isGreaterThan(20);
        assertThat(s.kernel()).as(s.describe()).isGreaterThan(10);
        assertThat(perfRecordsWriting(tmp.toString())).isEmpty();
    }

    @Test
    void stopEndsPerfWhileTargetStillRuns() throws Exception {
        Tool.require(Perf.detect().canSample(), "a usable perf (" + Perf.detect().samplingProblem().orElse("") + ")");
        Process target = new ProcessBuilder("sleep", "30").start();
        try {
            Path data = tmp.resolve("idle.data");
            try (PerfRecord rec = PerfRecord.start(target.pid(), data)) {
                Thread.sleep(300);
                assertThat(rec.isRunning()).isTrue();
            } // close() stops it
            assertThat(perfRecordsWriting(tmp.toString())).isEmpty();
            assertThat(data).isRegularFile();
            DsoShares s = DsoShares.read(data, "sleep");
            assertThat(s.samples()).isLessThan(20);
        } finally {
            target.destroyForcibly();
        }
    }

    @Test
    void missingPidIsAUserError() {
        long pid = 4_000_000; // above pid_max's limit (2^22)
        assertThatThrownBy(() -> PerfRecord.start(pid, tmp.resolve("x.data")))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("no process with pid " + pid);
        assertThat(perfRecordsWriting(tmp.toString())).isEmpty();
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
