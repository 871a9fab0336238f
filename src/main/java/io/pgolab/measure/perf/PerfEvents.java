package io.pgolab.measure.perf;

import java.util.List;
import java.util.Locale;

/** The perf events pgolab asks for and the metric names it gives them. */
public final class PerfEvents {
    /** The hardware events pgolab asks for, user space only. */
    public static final List<String> HARDWARE = List.of(
            "instructions:u", "cycles:u", "branch-misses:u", "L1-icache-load-misses:u", "iTLB-load-misses:u");
    /** Software events: counted by the kernel, no PMU needed. */
    public static final List<String> SOFTWARE = List.of(
            "task-clock", "context-switches", "page-faults", "cpu-migrations");

    private PerfEvents() {
    }

    /**
     * pgolab's metric name for a perf event: {@code instructions:u} → {@code instructions},
     * {@code branch-misses} → {@code branch_misses}, {@code L1-icache-load-misses} →
     * {@code l1_icache_misses}, {@code iTLB-load-misses} → {@code itlb_misses}, {@code task-clock}
     * → {@code task_clock_ms}. The {@code :u} modifier (user space only, pgolab's default and what
     * perf adds by itself for unprivileged users) and perf's {@code H} marker are dropped; other
     * modifiers are kept as a suffix ({@code cycles:k} → {@code cycles_k}). Unknown events become
     * lower case with {@code _}.
     */
    public static String metricName(String event) {
        String name = baseName(baseEvent(event));
        String mods = modifiers(event);
        if (mods.replace("u", "").replace("H", "").isEmpty()) {
            return name; // user space only (and perf's own "host" marker): the default
        }
        String suffix = mods.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
        return name.endsWith("_ms") ? name.substring(0, name.length() - 3) + "_" + suffix + "_ms" : name + "_" + suffix;
    }

    private static String baseName(String base) {
        return switch (base) {
            case "instructions" -> "instructions";
            case "cycles", "cpu-cycles" -> "cycles";
            case "branches", "branch-instructions" -> "branches";
            case "branch-misses" -> "branch_misses";
            case "cache-misses" -> "cache_misses";
            case "cache-references" -> "cache_references";
            case "L1-icache-load-misses" -> "l1_icache_misses";
            case "L1-dcache-load-misses" -> "l1_dcache_misses";
            case "L1-dcache-loads" -> "l1_dcache_loads";
            case "iTLB-load-misses" -> "itlb_misses";
            case "dTLB-load-misses" -> "dtlb_misses";
            case "stalled-cycles-frontend", "idle-cycles-frontend" -> "stalled_cycles_frontend";
            case "stalled-cycles-backend", "idle-cycles-backend" -> "stalled_cycles_backend";
            case "task-clock" -> "task_clock_ms";
            case "cpu-clock" -> "cpu_clock_ms";
            case "context-switches", "cs" -> "context_switches";
            case "cpu-migrations", "migrations" -> "cpu_migrations";
            case "page-faults", "faults" -> "page_faults";
            case "minor-faults" -> "minor_faults";
            case "major-faults" -> "major_faults";
            default -> base.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "");
        };
    }

    /** The event without PMU prefix and modifiers: {@code cpu_core/cycles/u} and {@code cycles:u} → {@code cycles}. */
    static String baseEvent(String event) {
        String e = event.strip();
        int slash = e.indexOf('/');
        if (slash >= 0) {
            int end = e.indexOf('/', slash + 1);
            return end > slash ? e.substring(slash + 1, end) : e.substring(slash + 1);
        }
        int colon = e.indexOf(':');
        return colon >= 0 ? e.substring(0, colon) : e;
    }

    private static String modifiers(String event) {
        String e = event.strip();
        int slash = e.indexOf('/');
        if (slash >= 0) {
            int end = e.indexOf('/', slash + 1);
            return end > slash ? e.substring(end + 1) : "";
        }
        int colon = e.indexOf(':');
        return colon >= 0 ? e.substring(colon + 1) : "";
    }

    /** The PMU of a hybrid CPU's event line ({@code cpu_core} of {@code cpu_core/cycles/u}), or "". */
    static String pmuOf(String event) {
        int slash = event.indexOf('/');
        return slash > 0 ? event.substring(0, slash) : "";
    }
}
