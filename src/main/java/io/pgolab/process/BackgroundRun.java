package io.pgolab.process;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A command running through {@code pgolab-runner} in the background (perf record beside a server):
 * started by {@link CommandMeasurer#start}, stopped by {@link #close()}. Signals sent with
 * {@link #signal} go to the runner, which forwards them to the command's process group and
 * SIGKILLs the group after the grace period; pgolab's exit (even SIGKILL, via the runner's
 * parent-death signal) stops it too.
 */
public final class BackgroundRun implements AutoCloseable {
    private final Process runner;
    private final Path result;
    private final Duration grace;

    BackgroundRun(Process runner, Path result, Duration grace) {
        this.runner = runner;
        this.result = result;
        this.grace = grace;
    }

    /** The runner's pid (signals sent to it reach the command). */
    public long pid() {
        return runner.pid();
    }

    public boolean isAlive() {
        return runner.isAlive();
    }

    public boolean waitFor(long timeout, TimeUnit unit) throws InterruptedException {
        return runner.waitFor(timeout, unit);
    }

    /** The command's exit status (128+signal if it was killed), once it has exited. */
    public int exitValue() {
        return runner.exitValue();
    }

    /** Sends a signal by name ("INT", "TERM", "HUP") to the runner, which forwards it to the command. */
    public void signal(String name) {
        if (runner.isAlive()) {
            Exec.capture(null, null, Map.of(), List.of("kill", "-s", name, Long.toString(runner.pid())), 5);
        }
    }

    /** Stops the command if it still runs (SIGTERM, SIGKILL after the grace period) and forgets it. */
    @Override
    public void close() {
        try {
            if (runner.isAlive()) {
                ProcessReaper.terminate(List.of(runner), grace);
            }
        } finally {
            ProcessReaper.unregister(runner);
            try {
                CommandMeasurer.deleteResult(result);
            } catch (IOException e) {
                // the scratch directory is removed at exit anyway
            }
        }
    }
}
