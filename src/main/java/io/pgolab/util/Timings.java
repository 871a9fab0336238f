package io.pgolab.util;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;

/**
 * pgolab's own cost, phase by phase: with PGOLAB_TIMINGS=1 in the environment each {@link #mark} prints one line to
 * stderr, "pgolab-timing: PHASE wall 12.3 ms, cpu 10.1 ms, main 9.0 ms, runqueue 1.5 ms (at 456.7 ms)": since the
 * previous mark, the wall time, the CPU time of pgolab's live threads (JIT compilers and GC included; a thread that ended takes its
 * time with it, so the whole run's CPU time is the shell's figure), the main
 * thread's own CPU time and its time waiting for a CPU (Linux schedstat: on a loaded machine the wall time is mostly
 * that), then the wall time since the launcher started. The launcher passes its start and the moment it ran java
 * (PGOLAB_T0, PGOLAB_T1: bash's EPOCHREALTIME), so the first lines are the launcher itself (wall only) and the JVM's
 * own start up to main. Off (the default), a mark costs one field read. The lines are for bench/noop.sh and
 * troubleshooting; nothing else pgolab prints changes.
 */
public final class Timings {
    private static final boolean ON = "1".equals(System.getenv("PGOLAB_TIMINGS"));
    private static double startMs = Double.NaN;
    private static double lastMs = Double.NaN;
    private static long[] last = {0, 0, 0};

    private Timings() {
    }

    /** Whether PGOLAB_TIMINGS=1 is set. */
    public static boolean on() {
        return ON;
    }

    /** Called first in main: prints the launcher's time and the JVM's start (when the launcher passed its times). */
    public static void started() {
        if (!ON) {
            return;
        }
        double now = nowMs();
        double t0 = epochMs(System.getenv("PGOLAB_T0"));
        double t1 = epochMs(System.getenv("PGOLAB_T1"));
        if (Double.isNaN(t0) || Double.isNaN(t1)) {
            startMs = now;
            lastMs = now;
            last = Schedstat.now();
            return;   // no launcher times (PGOLAB_T0, PGOLAB_T1): started without ./pgolab
        }
        startMs = t0;
        System.err.println(String.format(Locale.ROOT, "pgolab-timing: launcher wall %.1f ms (at %.1f ms)", t1 - t0, t1 - t0));
        lastMs = t1;
        mark("jvm start to main");
    }

    /** The end of a phase: prints how long it took since the previous mark. */
    public static void mark(String phase) {
        if (!ON) {
            return;
        }
        double now = nowMs();
        if (Double.isNaN(lastMs)) {
            startMs = now;
            lastMs = now;
        }
        long[] s = Schedstat.now();
        System.err.println(String.format(Locale.ROOT, "pgolab-timing: %s wall %.1f ms, cpu %.1f ms, main %.1f ms,"
                + " runqueue %.1f ms (at %.1f ms)", phase, now - lastMs, (s[0] - last[0]) / 1e6, (s[1] - last[1]) / 1e6,
                (s[2] - last[2]) / 1e6, now - startMs));
        lastMs = now;
        last = s;
    }

    private static double nowMs() {
        Instant i = Instant.now();
        return i.getEpochSecond() * 1e3 + i.getNano() / 1e6;
    }

    /** "1712345678.123456" (bash's EPOCHREALTIME) in milliseconds; NaN when absent or not a number. */
    static double epochMs(String s) {
        if (s == null || s.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(s.replace(',', '.')) * 1e3;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** Linux's /proc schedstat in nanoseconds: {CPU of all threads, CPU of this thread, this thread's runqueue wait}. */
    private static final class Schedstat {
        static long[] now() {
            long all = 0;
            try (DirectoryStream<Path> tasks =
                    Files.newDirectoryStream(Path.of("/proc/self/task"))) {
                for (Path t : tasks) {
                    all += read(t.resolve("schedstat"))[0];
                }
            } catch (IOException | RuntimeException e) {
                all = 0;   // not Linux: no figure rather than a wrong one
            }
            long[] self = read(Path.of("/proc/thread-self/schedstat"));
            return new long[] {all, self[0], self[1]};
        }

        private static long[] read(Path p) {
            try {
                String[] f = Files.readString(p).trim().split(" ");
                return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
            } catch (IOException | RuntimeException e) {
                return new long[] {0, 0};
            }
        }
    }
}
