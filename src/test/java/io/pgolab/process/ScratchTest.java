package io.pgolab.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Temporary files live in a per-process directory; those of dead pgolab processes are swept. */
class ScratchTest {
    @TempDir
    Path root;

    @Test
    void sweepRemovesTheDirectoriesOfProcessesThatAreGoneOnly() throws Exception {
        Path dead = Files.createDirectories(root.resolve("run-999999999-1700000000000"));
        Files.writeString(dead.resolve("pgolab-measure-1.result"), "x");
        Path reused = Files.createDirectories(root.resolve("run-" + ProcessHandle.current().pid() + "-1000"));
        Path own = Scratch.dir();
        Path live = Files.createDirectories(root.resolve(own.getFileName().toString()));
        Path other = Files.createDirectories(root.resolve("not-a-run"));

        assertThat(Scratch.sweep(root)).containsExactlyInAnyOrder(dead, reused);
        assertThat(live).exists();
        assertThat(other).exists();
    }

    @Test
    void theDirectoryIsNamedAfterTheStartInClockTicksWhichNoClockAdjustmentMoves() throws Exception {
        long pid = ProcessHandle.current().pid();
        assertThat(Scratch.dir().getFileName().toString()).isEqualTo("run-" + pid + "-" + Scratch.startToken(pid));
        if (Files.exists(Path.of("/proc/self/stat"))) {
            assertThat(Scratch.startToken(pid)).matches("t\\d+");
            assertThat(Scratch.startTicks(pid)).isEqualTo(Scratch.startTicks(pid));
        }
    }

    /**
     * Another pgolab's run directory survives this one's sweep while that pgolab runs, even when
     * the two JVMs see its start instant a second apart (each adds the boot time it read from
     * /proc/stat, which moves with clock adjustments: the cause of a test run whose directory
     * vanished mid-run). After the process ends, its directory goes.
     */
    @Test
    void aLiveProcesssDirectorySurvivesASweepAndGoesAfterItEnds() throws Exception {
        Process other = new ProcessBuilder("sleep", "30").start();
        try {
            long pid = other.pid();
            Path byTicks = Files.createDirectories(root.resolve("run-" + pid + "-" + Scratch.startToken(pid)));
            long seen = other.info().startInstant().orElseThrow().toEpochMilli() / 1000 * 1000;
            Path aSecondOff = Files.createDirectories(root.resolve("run-" + pid + "-" + (seen - 1000)));
            Path wrongTicks = Files.createDirectories(root.resolve("run-" + pid + "-t1"));

            assertThat(Scratch.sweep(root)).containsExactly(Files.exists(Path.of("/proc/self/stat"))
                    ? new Path[] {wrongTicks} : new Path[0]);
            assertThat(byTicks).exists();
            assertThat(aSecondOff).exists();

            other.destroy();
            other.waitFor();
            assertThat(Scratch.sweep(root)).contains(byTicks, aSecondOff);
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    void scratchFilesAreInThisProcesssDirectory() throws Exception {
        Path f = Scratch.file("pgolab-measure-", ".result");
        assertThat(f.getParent()).isEqualTo(Scratch.dir());
        assertThat(f.getParent().getFileName().toString()).startsWith("run-" + ProcessHandle.current().pid() + "-");
        Scratch.discard(f);
        assertThat(f).doesNotExist();
    }

    @Test
    void trackedPathsAreDeletedByTheShutdownCleanupUnlessUntracked() throws Exception {
        Path kept = Files.createDirectories(root.resolve("kept.tmp-1"));
        Path gone = Files.createDirectories(root.resolve("gone.tmp-1"));
        Files.writeString(gone.resolve("f"), "x");
        Scratch.track(kept);
        Scratch.track(gone);
        Scratch.untrack(kept);
        Path own = Scratch.dir();
        Scratch.removeAll();
        assertThat(gone).doesNotExist();
        assertThat(kept).exists();
        assertThat(own).doesNotExist();
        Files.createDirectories(own); // other tests of this JVM still use it
    }
}
