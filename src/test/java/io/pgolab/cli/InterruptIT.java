package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Interrupting pgolab leaves no process behind and no artifact marked good; a second pgolab waits its turn. */
class InterruptIT {
    @TempDir
    Path tmp;

    @Test
    void sigtermDuringABuildKillsTheBuildAndRecordsNothing() throws Exception {
        String marker = "61.4242";
        Path p = TinyProject.create(tmp.resolve("p"), "gcc", "\"release\"", "");
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replace("command = \"{cc}", "command = \"sleep " + marker + " & sleep " + marker + "; {cc}"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process pgolab = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "io.pgolab.cli.Main", "-C", p.toString(), "build")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("out.txt").toFile()).start();
        Path log = p.resolve(".pgolab/logs/build-release.log");
        long deadline = System.currentTimeMillis() + 30_000;
        while (!(Files.exists(log) && sleepers(marker) >= 2) && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertThat(sleepers(marker)).as("build started").isGreaterThanOrEqualTo(2);

        // While it runs, a second pgolab on the same project is refused with a clear message.
        Cli.Result second = Cli.run(p, "build");
        assertThat(second.exitCode()).isEqualTo(2);
        assertThat(second.err()).contains("another pgolab is already working on this project");

        pgolab.destroy(); // SIGTERM, as Ctrl-C or a CI timeout would
        assertThat(pgolab.waitFor(20, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(500);
        assertThat(sleepers(marker)).as("processes left behind").isZero();
        assertThat(p.resolve(".pgolab/variants/release.json")).doesNotExist();
    }

    @Test
    void sigtermDuringACompareSaysInterruptedAndLeavesNoCommand() throws Exception {
        String marker = "62.4242";
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process pgolab = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "io.pgolab.cli.Main", "-C", tmp.toString(), "compare", "--min-rounds", "6", "--max-rounds", "6",
                "sleep " + marker, "sleep " + marker + "1")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("out.txt").toFile()).start();
        long deadline = System.currentTimeMillis() + 30_000;
        while (sleepers(marker) < 1 && pgolab.isAlive() && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertThat(sleepers(marker)).as(Files.readString(tmp.resolve("out.txt"))).isEqualTo(1);
        pgolab.destroy(); // SIGTERM; the long-lived runner is stopped by pgolab's exit
        assertThat(pgolab.waitFor(20, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(500);
        assertThat(sleepers(marker)).as("processes left behind").isZero();
        String out = Files.readString(tmp.resolve("out.txt"));
        assertThat(out).as(out).contains("interrupted").doesNotContain("I/O failure", "internal error", "Exception");
    }

    static long sleepers(String marker) throws Exception {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(d -> d.getFileName().toString().matches("\\d+")).filter(d -> {
                try {
                    String cmd = Files.readString(d.resolve("cmdline")).replace('\0', ' ');
                    return cmd.startsWith("sleep " + marker);
                } catch (Exception e) {
                    return false;
                }
            }).count();
        }
    }
}
