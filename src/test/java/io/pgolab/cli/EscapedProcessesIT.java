package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A training command and a bench command that each leave a process running outside their process group
 * ({@code setsid sleep ... &}): pgolab stops both and says so, and nothing with their markers runs afterwards.
 */
class EscapedProcessesIT {
    @TempDir
    Path tmp;

    @Test
    void setsidInTrainingAndInABenchIsStoppedWithAWarning() throws Exception {
        Tool.require(ToolLocator.onPath("gcc").isPresent(), "gcc");
        String train = "61.7272" + System.nanoTime() % 1000;
        String bench = "61.7373" + System.nanoTime() % 1000;
        Path p = TinyProject.create(tmp.resolve("p"), "gcc", "\"release\", \"pgo\"",
                TinyProject.train("t", "{binary} run 1000; " + escape(train))
                        + "[[bench]]\nname = \"b\"\ncommand = \"{binary} run 1000; " + escape(bench) + "\"\n");
        try {
            Cli.Result r = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5");
            assertThat(r.exitCode()).as(r.all()).isZero();
            assertThat(r.err()).contains("left 1 process running outside its process group (pid ")
                    .contains("sleep " + train).contains("sleep " + bench);
            assertThat(running(train)).as("the training command's escaped sleep").isZero();
            assertThat(running(bench)).as("the bench command's escaped sleep").isZero();
        } finally {
            kill(train);
            kill(bench);
        }
    }

    /** 'sleep MARKER' started in its own session; the command returns once it has escaped (no race with the exit). */
    private String escape(String marker) {
        String flag = tmp.resolve("escaped-" + marker).toString();
        return "rm -f " + flag + "; setsid sh -c 'touch " + flag + "; exec sleep " + marker + "' & while [ ! -e " + flag
                + " ]; do sleep 0.01; done";
    }

    private static long running(String marker) throws Exception {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(d -> d.getFileName().toString().matches("\\d+")).filter(d -> cmdline(d).contains(marker))
                    .count();
        }
    }

    private static void kill(String marker) throws Exception {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            procs.filter(d -> d.getFileName().toString().matches("\\d+")).filter(d -> cmdline(d).contains("sleep " + marker))
                    .forEach(d -> ProcessHandle.of(Long.parseLong(d.getFileName().toString()))
                            .ifPresent(ProcessHandle::destroyForcibly));
        }
    }

    private static String cmdline(Path procDir) {
        try {
            return Files.readString(procDir.resolve("cmdline")).replace('\0', ' ');
        } catch (Exception e) {
            return "";
        }
    }
}
