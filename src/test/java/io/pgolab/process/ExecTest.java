package io.pgolab.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.util.CommandLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Exec runs tools through pgolab-runner: timeouts hold, output is captured, nothing is left behind. */
class ExecTest {
    @TempDir
    Path work;

    @Test
    void aHungToolIsKilledAtItsTimeoutEvenWithItsOutputHeldOpen() throws Exception {
        String marker = "61.5151";
        // the background sleep keeps stdout open: the old pipe-reading capture waited for it forever
        Exec.Request r = Exec.Request.of(List.of("sh", "-c", "sleep " + marker + " & sleep " + marker))
                .timeout(Duration.ofMillis(500), "raise the limit");
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> Exec.run(null, r)).isInstanceOf(UserError.class)
                .hasMessageContaining("sh did not finish within 0.5 s and was stopped: sh -c")
                .satisfies(e -> assertThat(((UserError) e).hint()).isEqualTo("raise the limit"));
        assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(10));
        assertThat(processesWith(marker)).isZero();
    }

    @Test
    void capturesStdoutAndStderrInOrderAndRecordsTheCommandAsBefore() {
        CommandLog log = CommandLog.silent();
        Exec.Result r = Exec.capture(log, work, Map.of("X", "1"), List.of("sh", "-c", "echo out; echo err >&2; echo $X; exit 3"), 10);
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.output()).isEqualTo("out\nerr\n1\n");
        assertThat(log.entries()).containsExactly("(cd " + work + " && X=1 sh -c 'echo out; echo err >&2; echo $X; exit 3')");
    }

    @Test
    void aMissingProgramIsExitCode127() {
        Exec.Result r = Exec.capture(null, List.of("/nonexistent/pgolab-no-such-tool", "--version"));
        assertThat(r.exitCode()).isEqualTo(127);
        assertThat(r.output()).contains("No such file or directory");
        assertThat(Exec.quietOutput(List.of("/nonexistent/pgolab-no-such-tool"))).isEmpty();
    }

    @Test
    void leavesNoTemporaryFileInItsScratchDirectory() throws Exception {
        List<Path> before = scratchFiles();
        Exec.capture(null, List.of("true"));
        Exec.capture(null, List.of("sh", "-c", "exit 1"));
        assertThatThrownBy(() -> Exec.run(null, Exec.Request.of(List.of("sleep", "5")).timeout(Duration.ofMillis(200), "")))
                .isInstanceOf(UserError.class);
        assertThat(scratchFiles()).isSubsetOf(before);
    }

    private static List<Path> scratchFiles() throws Exception {
        try (Stream<Path> s = Files.list(Scratch.dir())) {
            return s.toList();
        }
    }

    @Test
    void toolNamesCarryTheirSubcommand() {
        assertThat(Exec.toolName(List.of("/usr/bin/llvm-profdata", "merge", "-o", "x"))).isEqualTo("llvm-profdata merge");
        assertThat(Exec.toolName(List.of("/usr/bin/gcov-tool-12", "merge", "-w", "1,1"))).isEqualTo("gcov-tool-12 merge");
        assertThat(Exec.toolName(List.of("valgrind", "-q"))).isEqualTo("valgrind");
        assertThat(Exec.seconds(Duration.ofSeconds(120))).isEqualTo("120 s");
    }

    @Test
    void aBackgroundRunIsStoppedByCloseWithItsProcessGroup() throws Exception {
        String marker = "61.6161";
        BackgroundRun b = Exec.startLogged(List.of("sh", "-c", "sleep " + marker + " & sleep " + marker), work.resolve("bg.log"));
        long deadline = System.currentTimeMillis() + 10_000;
        while (processesWith(marker) < 2 && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertThat(processesWith(marker)).isGreaterThanOrEqualTo(2);
        b.close();
        assertThat(b.isAlive()).isFalse();
        assertThat(processesWith(marker)).isZero();
    }

    /** Live processes whose command line contains marker. */
    static long processesWith(String marker) throws Exception {
        Thread.sleep(200);
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(d -> d.getFileName().toString().matches("\\d+")).filter(d -> {
                try {
                    String cmd = Files.readString(d.resolve("cmdline")).replace('\0', ' ');
                    String stat = Files.readString(d.resolve("stat"));
                    return cmd.contains(marker) && !cmd.contains("pgolab-runner") && !stat.contains(") Z ");
                } catch (Exception e) {
                    return false;
                }
            }).count();
        }
    }
}
