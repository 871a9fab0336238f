package io.pgolab.measure;

import java.nio.file.Path;
import java.util.TreeSet;

/**
 * Where measured runs go: the last CPU pgolab may use, and for a server's clients another CPU of that
 * set. Read from pgolab's own CPU set (Cpus_allowed_list), not counted from 0: under {@code taskset -c
 * 0} (a shared machine whose other CPU is someone else's) the measured run and its clients stay on CPU
 * 0, and under {@code taskset -c 2,3} they go to 3 and 2, never to a CPU the user kept pgolab off. The
 * set is read once, when this class is first used (before JvmPinning narrows pgolab's own threads).
 */
public final class MeasuredCpu {
    private static final TreeSet<Integer> ALLOWED = allowedOrAll(
            JvmPinning.allowed(Path.of("/proc/self/status")).orElse(""), Runtime.getRuntime().availableProcessors());

    private MeasuredCpu() {
    }

    /** The last CPU pgolab may use. */
    public static int last() {
        return ALLOWED.last();
    }

    /** The CPU for the clients of a server pinned to measured: another CPU pgolab may use, else measured itself. */
    public static int clientFor(int measured) {
        return clientFor(measured, ALLOWED);
    }

    /** The lowest CPU of allowed other than measured (0 on an unrestricted machine), else measured. */
    static int clientFor(int measured, TreeSet<Integer> allowed) {
        return allowed.stream().filter(c -> c != measured).findFirst().orElse(measured);
    }

    /** A Cpus_allowed_list ("0-3,6") as a set; unreadable or empty: 0..available-1. */
    static TreeSet<Integer> allowedOrAll(String list, int available) {
        TreeSet<Integer> cpus = JvmPinning.parse(list);
        if (cpus.isEmpty()) {
            for (int c = 0; c < Math.max(1, available); c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }
}
