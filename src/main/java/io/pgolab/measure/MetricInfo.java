package io.pgolab.measure;

import io.pgolab.process.Measurement;
import io.pgolab.stats.Direction;
import java.util.LinkedHashMap;
import java.util.Map;

/** What a metric is: unit and direction. Built-in metrics come from the kernel's rusage of the run. */
public record MetricInfo(String name, String unit, Direction direction) {

    public static final String CPU_TIME = "cpu_time";
    public static final String WALL_TIME = "wall_time";
    /** A service workload's time from starting its processes until all were ready (config.MetricNames.SERVICE_BUILT_IN). */
    public static final String READY_TIME = "ready_time";
    /**
     * A command's time from its start until its first write to stdout (or until its exit, when it wrote
     * nothing): measured when it is a primary metric (config.MetricNames.COMMAND_ON_REQUEST).
     */
    public static final String FIRST_OUTPUT_TIME = "first_output_time";

    /** What {@link #FIRST_OUTPUT_TIME} is. */
    public static MetricInfo firstOutput() {
        return new MetricInfo(FIRST_OUTPUT_TIME, "s", Direction.LOWER_IS_BETTER);
    }

    /** The metrics every run has, in report order. */
    public static Map<String, MetricInfo> builtIn() {
        Map<String, MetricInfo> m = new LinkedHashMap<>();
        lower(m, CPU_TIME, "s");
        lower(m, WALL_TIME, "s");
        lower(m, "user_time", "s");
        lower(m, "sys_time", "s");
        lower(m, "max_rss", "KiB");
        lower(m, "voluntary_ctx_switches", "count");
        lower(m, "involuntary_ctx_switches", "count");
        lower(m, "minor_faults", "count");
        lower(m, "major_faults", "count");
        return m;
    }

    private static void lower(Map<String, MetricInfo> m, String name, String unit) {
        m.put(name, new MetricInfo(name, unit, Direction.LOWER_IS_BETTER));
    }

    /**
     * A role's figures (its whole process tree) as ROLE.cpu_time, ROLE.user_time, ROLE.sys_time,
     * ROLE.max_rss, ROLE.voluntary_ctx_switches, ROLE.involuntary_ctx_switches and ROLE.ctx_switches
     * (config.MetricNames.ROLE_BUILT_IN).
     */
    public static Map<String, Double> ofRole(String role, Measurement m) {
        Map<String, Double> v = new LinkedHashMap<>();
        v.put(role + "." + CPU_TIME, m.cpuSeconds());
        v.put(role + ".user_time", m.userSeconds());
        v.put(role + ".sys_time", m.sysSeconds());
        v.put(role + ".max_rss", (double) m.maxRssKb());
        v.put(role + ".voluntary_ctx_switches", (double) m.voluntaryCtxSwitches());
        v.put(role + ".involuntary_ctx_switches", (double) m.involuntaryCtxSwitches());
        v.put(role + ".ctx_switches", (double) (m.voluntaryCtxSwitches() + m.involuntaryCtxSwitches()));
        return v;
    }

    /** Unit and direction of a role metric named by {@link #ofRole}. */
    public static MetricInfo roleInfo(String name) {
        String base = name.substring(name.indexOf('.') + 1);
        String unit = base.endsWith("_time") ? "s" : base.equals("max_rss") ? "KiB" : "count";
        return new MetricInfo(name, unit, Direction.LOWER_IS_BETTER);
    }

    /** The built-in metrics of one run. */
    public static Map<String, Double> of(Measurement m) {
        Map<String, Double> v = new LinkedHashMap<>();
        v.put(CPU_TIME, m.cpuSeconds());
        v.put(WALL_TIME, m.wallSeconds());
        v.put("user_time", m.userSeconds());
        v.put("sys_time", m.sysSeconds());
        v.put("max_rss", (double) m.maxRssKb());
        v.put("voluntary_ctx_switches", (double) m.voluntaryCtxSwitches());
        v.put("involuntary_ctx_switches", (double) m.involuntaryCtxSwitches());
        v.put("minor_faults", (double) m.minorFaults());
        v.put("major_faults", (double) m.majorFaults());
        if (m.runDelaySeconds() >= 0) {
            // time the process was ready to run but waited for a CPU (the runner read it: Linux schedstat)
            v.put(RUN_DELAY, m.runDelaySeconds());
        }
        return v;
    }

    /** Seconds the process was runnable but not running: the CPU contention it met (preempted, oversubscribed). */
    public static final String RUN_DELAY = "run_delay";

    /** What {@link #RUN_DELAY} is. */
    public static MetricInfo runDelay() {
        return new MetricInfo(RUN_DELAY, "s", Direction.LOWER_IS_BETTER);
    }
}
