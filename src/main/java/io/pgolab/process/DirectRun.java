package io.pgolab.process;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Starts a program without {@code pgolab-runner}, for the two cases where the runner cannot be used:
 * compiling the runner itself, and {@link Exec} on a machine where it cannot be built (no C
 * compiler: 'pgolab doctor' must still report what is installed). Output (stdout and stderr) goes to
 * a file, never a pipe, so the timeout holds even when the program hangs with its output open; on
 * timeout or interrupt the process and its descendants are killed. The process is registered with
 * {@link ProcessReaper}, so pgolab's exit (SIGTERM, SIGINT) stops it too; only a SIGKILLed pgolab
 * can leave it running, which is why everything else goes through the runner.
 */
final class DirectRun {
    /** Exit code reported when the program ran past its timeout and was killed. */
    static final int TIMED_OUT = -1;

    private DirectRun() {
    }

    static int run(List<String> argv, Path cwd, Map<String, String> env, Duration timeout, Path output)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(argv)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(output.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        if (cwd != null) {
            pb.directory(cwd.toFile());
        }
        pb.environment().putAll(env);
        Process p = pb.start();
        ProcessReaper.register(p, Duration.ZERO);
        try {
            if (timeout.isZero()) {
                p.waitFor();
            } else if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                kill(p);
                return TIMED_OUT;
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            kill(p);
            throw e;
        } finally {
            ProcessReaper.unregister(p);
        }
    }

    private static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
