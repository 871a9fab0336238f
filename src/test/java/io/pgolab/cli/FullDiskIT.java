package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk named by its cause: TMPDIR on a full tmpfs (tool version probes whose output cannot be written are
 * not "not GCC" nor "clang 0"), and a training workload whose output fills the project's disk. Needs root to mount
 * a tmpfs: skipped outside CI when not root, a failure under CI=true.
 */
class FullDiskIT {
    @TempDir
    static Path tmp;
    static Path full;
    static Path small;

    @BeforeAll
    static void mount() throws Exception {
        Tool.require(ToolLocator.onPath("gcc").isPresent(), "gcc");
        full = Files.createDirectories(tmp.resolve("full"));
        small = Files.createDirectories(tmp.resolve("small"));
        if (run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", full.toString()) != 0
                || run("mount", "-t", "tmpfs", "-o", "size=3m", "tmpfs", small.toString()) != 0) {
            if (Tool.inCi()) {
                fail("cannot mount a tmpfs (needs root), and under CI=true this test does not skip");
            }
            Assumptions.abort("cannot mount a tmpfs here (needs root)");
        }
        try (OutputStream o = Files.newOutputStream(full.resolve("filler"))) {
            byte[] block = new byte[4096];
            while (true) {
                o.write(block);
            }
        } catch (IOException expected) {
            // ENOSPC: the tmpfs is full
        }
    }

    @AfterAll
    static void unmount() throws Exception {
        if (full != null) {
            run("umount", "-l", full.toString());
            run("umount", "-l", small.toString());
        }
    }

    @Test
    void buildAndDoctorWithTmpdirOnAFullDiskSaySo() throws Exception {
        Path project = TinyProject.create(tmp.resolve("p"), "gcc", "\"release\"", "");
        String build = pgolab(project, full, "build");
        assertThat(build).contains("error: no space left on " + full + " (tmpfs, 0 bytes free) while writing the output of '")
                .contains("set TMPDIR").doesNotContain("is not GCC").doesNotContain("Exception");
        String doctor = pgolab(project, full, "doctor");
        assertThat(doctor).contains("no space left on " + full + " (tmpfs, 0 bytes free) while writing the output of '")
                .doesNotContain("clang 0").doesNotContain("libclang-rt-0");
    }

    @Test
    void aTrainingWorkloadWhoseOutputFillsTheDiskSaysSo() throws Exception {
        Path project = TinyProject.create(small.resolve("p"), "gcc", "\"pgo\"",
                TinyProject.train("noisy", "{binary} run 1000; head -c 8000000 /dev/zero"));
        String out = pgolab(project, tmp, "build");
        // its own error could not be written either (its stdout is the log): the log's full disk is the cause
        assertThat(out).contains("error: no space left on " + small + " (tmpfs, 0 bytes free) while writing the output of '")
                .contains(project.resolve(".pgolab/logs/train-noisy.log").toString())
                .contains("move the project").doesNotContain("make the workload succeed");
    }

    private static String pgolab(Path project, Path tmpdir, String... args) throws Exception {
        Path out = Files.createTempFile(tmp, "out", ".txt");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> argv = new ArrayList<>(List.of(javaBin, "-cp",
                System.getProperty("java.class.path"), "-Djava.io.tmpdir=" + tmpdir, "io.pgolab.cli.Main",
                "-C", project.toString()));
        argv.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().put("TMPDIR", tmpdir.toString());
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String text = Files.readString(out);
        assertThat(p.exitValue()).as(text).isEqualTo(2);
        return text;
    }

    private static int run(String... argv) throws Exception {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }
}
