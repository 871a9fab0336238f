package io.pgolab.process;

import java.time.Duration;

/**
 * Whether a pgolab command line is still at work. When pgolab is interrupted (SIGTERM, Ctrl-C) the
 * shutdown hook stops the runners and then gives the command a moment to notice and say so
 * ("interrupted during measurement") before the JVM halts: without that wait the message lost the race
 * with the halt, or a stopped runner was reported as an I/O failure.
 */
public final class RunningCommand {
    private static final Object LOCK = new Object();
    private static int running;

    private RunningCommand() {
    }

    /** A command line starts (Main). */
    public static void begin() {
        ProcessReaper.ensureHook();
        synchronized (LOCK) {
            running++;
        }
    }

    /** The command line has returned, its messages printed. */
    public static void end() {
        synchronized (LOCK) {
            running--;
            LOCK.notifyAll();
        }
    }

    /** True once pgolab is being stopped (SIGTERM, Ctrl-C): work that cannot be killed as a process checks it. */
    public static boolean stopping() {
        return ProcessReaper.isShuttingDown();
    }

    /** Waits up to {@code limit} for every running command line to end (the shutdown hook). */
    static void awaitEnd(Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        synchronized (LOCK) {
            try {
                for (long left = limit.toMillis(); running > 0 && left > 0; left = (deadline - System.nanoTime()) / 1_000_000) {
                    LOCK.wait(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
