package io.pgolab.process;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Keeps track of live {@code pgolab-runner} processes and stops them when pgolab exits (Ctrl-C,
 * SIGTERM, System.exit), so that interrupting pgolab leaves no processes behind.
 *
 * <p>Stopping a runner means SIGTERM to the runner (it forwards SIGTERM to the measured command's
 * process group and SIGKILLs the group after its grace period), waiting a little longer than that
 * grace period, and only then SIGKILLing the runner and whatever is still below it. The runner
 * itself also has PR_SET_PDEATHSIG, so even a SIGKILLed JVM gets its commands cleaned up.
 * Once the runners are gone the hook deletes {@link Scratch}'s temporary files.
 */
final class ProcessReaper {
    /** Extra time beyond a runner's grace period for it to reap and report. */
    static final Duration MARGIN = Duration.ofSeconds(1);

    private static final Map<Process, Duration> LIVE = new ConcurrentHashMap<>();
    private static volatile boolean shuttingDown;

    static {
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(ProcessReaper::reapAll, "pgolab-process-reaper"));
        } catch (IllegalStateException alreadyShuttingDown) {
            shuttingDown = true;
        }
    }

    private ProcessReaper() {
    }

    /**
     * Tracks a runner until {@link #unregister}. Returns false (and does not track it) if the JVM is
     * already shutting down, in which case the caller must stop the process itself.
     */
    static boolean register(Process runner, Duration grace) {
        LIVE.put(runner, grace);
        if (shuttingDown) {
            LIVE.remove(runner);
            return false;
        }
        return true;
    }

    static void unregister(Process runner) {
        LIVE.remove(runner);
    }

    /** Loads this class, which installs the shutdown hook (stop runners, then delete {@link Scratch} files). */
    static void ensureHook() {
        // the static initializer did the work
    }

    static boolean isShuttingDown() {
        return shuttingDown;
    }

    static int liveCount() {
        return LIVE.size();
    }

    /** How long the shutdown hook waits, once the runners are stopped, for the command line to report. */
    static final Duration REPORT_WAIT = Duration.ofSeconds(3);

    /**
     * The shutdown hook: stop every live runner, give the command line a moment to say it was
     * interrupted ({@link RunningCommand}), then delete pgolab's temporary files.
     */
    static void reapAll() {
        try {
            stopAll();
            RunningCommand.awaitEnd(REPORT_WAIT);
        } finally {
            Scratch.removeAll();
        }
    }

    private static void stopAll() {
        shuttingDown = true;
        List<Process> runners = new ArrayList<>(LIVE.keySet());
        Duration grace = Duration.ZERO;
        for (Process p : runners) {
            Duration g = LIVE.getOrDefault(p, CommandMeasurer.DEFAULT_GRACE);
            if (g.compareTo(grace) > 0) {
                grace = g;
            }
        }
        terminate(runners, grace);
        RunnerServer.closeIdle();
    }

    /**
     * SIGTERM each runner, wait up to {@code grace + MARGIN} for all of them, then SIGKILL the
     * stragglers and their descendants. Preserves the caller's interrupt status.
     */
    static void terminate(List<Process> runners, Duration grace) {
        for (Process p : runners) {
            p.destroy();
        }
        long deadline = System.nanoTime() + grace.plus(MARGIN).toNanos();
        boolean interrupted = false;
        for (Process p : runners) {
            try {
                long left = deadline - System.nanoTime();
                if (left > 0) {
                    p.waitFor(left, TimeUnit.NANOSECONDS);
                }
            } catch (InterruptedException e) {
                interrupted = true; // stop waiting; fall through to the forcible kill
                break;
            }
        }
        for (Process p : runners) {
            if (p.isAlive()) {
                // descendants first: once the runner is gone they are no longer found under it
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
