package io.pgolab.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.process.Exec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The project lock: one pgolab per project, counted within one pgolab (a gate of a commit against itself). */
class ProjectLockTest {
    @TempDir
    Path tmp;

    /** Whether another process can take the lock now (POSIX record lock, as the JVM's FileLock on Linux). */
    static boolean freeForAnotherProcess(Path file) {
        Exec.Result r = Exec.capture(null, null, Map.of(), List.of("python3", "-c",
                "import fcntl,sys\nf=open(sys.argv[1],'r+')\ntry:\n fcntl.lockf(f,fcntl.LOCK_EX|fcntl.LOCK_NB)\n"
                        + "except OSError:\n sys.exit(1)\n", file.toString()), 30);
        return r.exitCode() == 0;
    }

    @Test
    void takenTwiceByOnePgolabIsHeldUntilTheLastHolderCloses() {
        Path file = tmp.resolve(".pgolab/lock");
        ProjectLock first = ProjectLock.acquire(file);
        ProjectLock second = ProjectLock.acquire(file); // threw OverlappingFileLockException before
        assertThat(ProjectLock.held(file)).isTrue();
        assertThat(freeForAnotherProcess(file)).as("checking held() must not drop the OS lock").isFalse();
        first.close();
        first.close(); // twice: counts once
        assertThat(freeForAnotherProcess(file)).as("the second holder still has it").isFalse();
        second.close();
        assertThat(freeForAnotherProcess(file)).isTrue();
        assertThat(ProjectLock.held(file)).isFalse();
        ProjectLock.acquire(file).close(); // and it can be taken again
    }
}
