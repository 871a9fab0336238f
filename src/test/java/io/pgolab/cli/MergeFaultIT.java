package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fault injection around the profile merge: a gcov-tool-12 earlier on PATH that hangs (or fills the
 * disk) while the gcc pgo variant merges two workloads' profiles. pgolab runs as a child JVM so it
 * can be signalled; its temp directory is the test's, so leftovers can be counted.
 */
class MergeFaultIT {
    private static final String MARKER = "61.8282";

    @TempDir
    Path tmp;
    Path project;
    Path fakeBin;
    Path javaTmp;

    @BeforeEach
    void setUp() throws Exception {
        Tool.require(Files.isExecutable(Path.of("/usr/bin/gcov-tool-12")), "gcc 12 with gcov-tool-12");
        project = TinyProject.create(tmp.resolve("p"), "gcc", "\"pgo\"",
                TinyProject.train("hot", "{binary} run 300000") + TinyProject.train("short", "{binary} run 1000"));
        fakeBin = Files.createDirectories(tmp.resolve("bin"));
        javaTmp = Files.createDirectories(tmp.resolve("jtmp"));
        // merge -w W -o OUT A B: write part of OUT, then hang (or fill the disk) unless FAKE_GCOV=real
        Path gcov = fakeBin.resolve("gcov-tool-12");
        Files.writeString(gcov, """
                #!/bin/sh
                if [ "$1" != merge ] || [ "$FAKE_GCOV" = real ]; then exec /usr/bin/gcov-tool-12 "$@"; fi
                mkdir -p "$5"; echo partial > "$5/partial.gcda"
                if [ "$FAKE_GCOV" = fill ]; then exec dd if=/dev/zero of="$5/fill" bs=64k; fi
                sleep %s & exec sleep %s
                """.formatted(MARKER, MARKER));
        Files.setPosixFilePermissions(gcov, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private void waitForMerge() throws Exception {
        long deadline = System.currentTimeMillis() + 120_000;
        while (hung() < 2 && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertThat(hung()).as("the fake merge started").isGreaterThanOrEqualTo(2);
    }

    @Test
    void aHungMergeIsStoppedAtItsTimeoutWithAClearMessage() throws Exception {
        Path out = tmp.resolve("timeout.txt");
        Process p = pgolabTo(out, "3", "hang");
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("pgolab finished").isTrue();
        String text = Files.readString(out);
        assertThat(p.exitValue()).as(text).isEqualTo(2);
        assertThat(text).contains("error: gcov-tool-12 merge did not finish within 3 s and was stopped")
                .contains("hint: if the profiles are very large, allow more time: PGOLAB_MERGE_TIMEOUT=600 (seconds)")
                .doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(hung()).as("merge processes left").isZero();
        assertThat(mergeTemps()).isEmpty();
        assertThat(scratchDirs()).isEmpty();
    }

    @Test
    void sigtermDuringAMergeLeavesNoToolAndNoTempFile() throws Exception {
        Process p = pgolabTo(tmp.resolve("term.txt"), "300", "hang");
        waitForMerge();
        assertThat(mergeTemps()).as("the merge writes its temp output").isNotEmpty();
        p.destroy(); // SIGTERM
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        // The tool's group gets SIGTERM from the runner as pgolab exits; on a loaded machine its exit can lag pgolab's by a moment.
        long deadline = System.currentTimeMillis() + 10_000;
        while (hung() > 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        assertThat(hung()).as("merge processes left").isZero();
        assertThat(mergeTemps()).isEmpty();
        assertThat(scratchDirs()).isEmpty();
    }

    @Test
    void sigkillDuringAMergeStopsTheToolAndTheNextRunSweepsTheLeftovers() throws Exception {
        Process p = pgolabTo(tmp.resolve("kill.txt"), "300", "hang");
        waitForMerge();
        p.destroyForcibly(); // SIGKILL: no shutdown hook runs; the runner's parent-death signal stops the tool
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        long deadline = System.currentTimeMillis() + 15_000;
        while (hung() > 0 && System.currentTimeMillis() < deadline) {
            Thread.sleep(200);
        }
        assertThat(hung()).as("merge processes left after SIGKILL").isZero();
        assertThat(mergeTemps()).as("a SIGKILLed pgolab cannot clean up").isNotEmpty();

        Path out = tmp.resolve("next.txt");
        Process next = pgolabTo(out, "300", "real");
        assertThat(next.waitFor(300, TimeUnit.SECONDS)).isTrue();
        assertThat(next.exitValue()).as(Files.readString(out)).isZero();
        assertThat(mergeTemps()).isEmpty();
        assertThat(scratchDirs()).isEmpty();
    }

    @Test
    void aFullDiskDuringAMergeNamesThePathAndTheFreeSpace() throws Exception {
        Path mnt = Files.createDirectories(tmp.resolve("fullfs"));
        Assumptions.assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", mnt.toString()) == 0,
                "cannot mount a tmpfs here (needs root)");
        try {
            project = TinyProject.create(mnt.resolve("p"), "gcc", "\"pgo\"",
                    TinyProject.train("hot", "{binary} run 300000") + TinyProject.train("short", "{binary} run 1000"));
            Path out = tmp.resolve("full.txt");
            Process p = pgolabTo(out, "120", "fill");
            assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
            String text = Files.readString(out);
            assertThat(p.exitValue()).as(text).isEqualTo(2);
            assertThat(text).contains("error: no space left on device writing " + project.resolve(".pgolab/profiles/merged.tmp-"))
                    .containsPattern("free on " + mnt + " \\(tmpfs\\); writing [0-9.]+ (KiB|MiB)")
                    .contains("hint: free space on that filesystem, or move the project")
                    .doesNotContain("retrain").doesNotContain("I/O failure");
            assertThat(mergeTemps()).as("the partial merge is deleted").isEmpty();
        } finally {
            run("umount", "-l", mnt.toString());
        }
    }

    private Process pgolabTo(Path out, String mergeTimeout, String fake) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "-Djava.io.tmpdir=" + javaTmp, "-Dpgolab.mergeTimeout=" + mergeTimeout,
                "io.pgolab.cli.Main", "-C", project.toString(), "build")
                .redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().put("PATH", fakeBin + ":" + System.getenv("PATH"));
        pb.environment().put("FAKE_GCOV", fake);
        return pb.start();
    }

    private static int run(String... argv) throws Exception {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }

    private List<Path> mergeTemps() throws Exception {
        Path profiles = project.resolve(".pgolab/profiles");
        if (!Files.isDirectory(profiles)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(profiles)) {
            return s.filter(f -> f.getFileName().toString().startsWith("merged.tmp")).toList();
        }
    }

    /** Scratch directories of pgolab processes (the test's own JVM uses another temp dir). */
    private List<Path> scratchDirs() throws Exception {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> users = Files.list(javaTmp)) {
            for (Path u : users.toList()) {
                try (Stream<Path> runs = Files.list(u)) {
                    runs.forEach(out::add);
                }
            }
        }
        return out;
    }

    private static long hung() throws Exception {
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(d -> d.getFileName().toString().matches("\\d+")).filter(d -> {
                try {
                    String cmd = Files.readString(d.resolve("cmdline")).replace('\0', ' ');
                    String stat = Files.readString(d.resolve("stat"));
                    return cmd.startsWith("sleep " + MARKER) && !stat.contains(") Z ");
                } catch (Exception e) {
                    return false;
                }
            }).count();
        }
    }
}
