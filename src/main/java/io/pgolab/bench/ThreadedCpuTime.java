package io.pgolab.bench;

import io.pgolab.measure.MetricInfo;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A gated cpu_time that does not measure what the user waits for: a process that ran several threads at once (cpu
 * time well above wall time: a faster multi-threaded version can cost more CPU, lz4 1.10's decompression gained 10%
 * wall time at +32% cpu_time) or one that waited much of its run (cpu time well below wall time: I/O, sleeps, a
 * server waiting for its clients). Said as a note beside the verdict, with the measure to gate instead. A process
 * that was preempted instead (run-queue delay, involuntary switches, steal: an oversubscribed machine) gets the
 * advice that fits that cause: cpu_time is right, the machine is crowded.
 */
final class ThreadedCpuTime {
    /** cpu_time above this share of wall_time: several threads ran at once. */
    static final double THREADS = 1.2;
    /** cpu_time below this share of wall_time: the process mostly waited. */
    static final double WAITING = 0.5;

    private ThreadedCpuTime() {
    }

    /** One note per workload and variant whose gated cpu_time is of a threaded or waiting process. */
    static List<String> notes(BenchResults r, List<GateMeasure> measures) {
        List<String> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (GateMeasure m : measures) {
            if (!m.metric().equals(MetricInfo.CPU_TIME) || !seen.add(m.workload() + "\n" + m.variant())) {
                continue;
            }
            r.workloads().stream().filter(w -> w.name().equals(m.workload())).findFirst().ifPresent(w -> {
                double[] ratio = {Double.NaN, Double.NaN};
                boolean waited = false;
                boolean preempted = false;
                String[] sides = {Gate.BASE, Gate.CANDIDATE};
                for (int i = 0; i < 2; i++) {
                    Map<String, Double> med = w.campaign().medians(sides[i] + ":" + m.variant());
                    Double cpu = med.get(MetricInfo.CPU_TIME);
                    Double wall = med.get(MetricInfo.WALL_TIME);
                    ratio[i] = cpu == null || wall == null || wall <= 0 ? Double.NaN : cpu / wall;
                    waited |= gaveUpTheCpu(med);
                    preempted |= preempted(med);
                }
                double steal = w.campaign().noise().stream().mapToDouble(n -> n.stealPercent())
                        .filter(x -> !Double.isNaN(x)).average().orElse(0);
                preempted |= steal > STEAL_PERCENT;
                note(m.workload(), m.variant(), ratio[0], ratio[1], waited && !preempted, preempted)
                        .ifPresent(out::add);
            });
        }
        return out;
    }

    /**
     * Whether the process gave up the CPU itself (voluntary context switches: I/O, sleeps, locks) more often than it
     * was preempted. A short program on a busy machine has cpu_time well below wall_time too, from waiting for the
     * CPU (involuntary switches): that is noise, said by the noise warnings, not a reason to gate wall_time.
     */
    static boolean gaveUpTheCpu(Map<String, Double> medians) {
        Double voluntary = medians.get("voluntary_ctx_switches");
        Double involuntary = medians.get("involuntary_ctx_switches");
        return voluntary == null || involuntary == null || voluntary > involuntary;
    }

    /**
     * Whether the process lost its time to other processes rather than waiting itself: at least half of its wall
     * time not on a CPU was spent ready to run but waiting for one (run_delay, Linux schedstat), or, without that
     * figure, it was preempted at least as often as it gave up the CPU.
     */
    static boolean preempted(Map<String, Double> medians) {
        Double delay = medians.get(MetricInfo.RUN_DELAY);
        Double cpu = medians.get(MetricInfo.CPU_TIME);
        Double wall = medians.get(MetricInfo.WALL_TIME);
        if (delay != null && cpu != null && wall != null) {
            return delay >= 0.5 * Math.max(0, wall - cpu);
        }
        return !gaveUpTheCpu(medians) && medians.containsKey("involuntary_ctx_switches");
    }

    /** Mean steal above this many percent: the host took the CPU away (a crowded VM host). */
    static final double STEAL_PERCENT = 5;

    static Optional<String> note(String workload, String variant, double base, double candidate) {
        return note(workload, variant, base, candidate, true);
    }

    static Optional<String> note(String workload, String variant, double base, double candidate, boolean waited) {
        return note(workload, variant, base, candidate, waited, false);
    }

    /**
     * The note for these cpu/wall ratios of the base and the candidate (NaN: unknown), or none when both look
     * single-threaded and busy; waited: whether either gave up the CPU itself more than it was preempted.
     */
    static Optional<String> note(String workload, String variant, double base, double candidate, boolean waited,
                                 boolean preempted) {
        double high = Math.max(nanTo(base, 0), nanTo(candidate, 0));
        double low = Math.min(nanTo(base, Double.MAX_VALUE), nanTo(candidate, Double.MAX_VALUE));
        String what = String.format(Locale.ROOT, "workload '%s' (%s): the gated cpu_time is %s of wall_time (base %s,"
                + " candidate %s)", workload, variant, "%s", ratio(base), ratio(candidate));
        if (high > THREADS) {
            return Optional.of(String.format(Locale.ROOT, what, String.format(Locale.ROOT, "up to %.1fx", high))
                    + ": the process ran several threads at once, so cpu_time adds up their CPU and a faster parallel"
                    + " version can look worse; gate wall_time, or a throughput metric, with a bound"
                    + HOW + ")");
        }
        if (low < WAITING && preempted) {
            // wall_time would be worse: it charges the program for the time others ran (issue 40)
            return Optional.of(String.format(Locale.ROOT, what, String.format(Locale.ROOT, "down to %.0f%%", low * 100))
                    + ": the process was ready to run but waited for a CPU (run-queue delay, preemption or steal):"
                    + " the machine is oversubscribed; cpu_time is the right measure (wall_time would count the"
                    + " time other processes ran); fewer neighbours or a quieter runner narrow the interval");
        }
        if (low < WAITING && waited) {
            return Optional.of(String.format(Locale.ROOT, what, String.format(Locale.ROOT, "down to %.0f%%", low * 100))
                    + ": the process waited for much of its run (I/O, sleeps, its clients), which cpu_time does not"
                    + " count; gate wall_time, or a throughput metric, with a bound" + HOW + ")");
        }
        return Optional.empty();
    }

    private static final String HOW = " (in its [[bench]] entry: primary = [\"wall_time\"], or bound = { wall_time = 2 }";

    private static double nanTo(double x, double d) {
        return Double.isNaN(x) ? d : x;
    }

    private static String ratio(double r) {
        return Double.isNaN(r) ? "unknown" : String.format(Locale.ROOT, "%.2fx", r);
    }
}
