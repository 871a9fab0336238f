package io.pgolab.measure;

import java.util.List;
import java.util.Locale;

/**
 * Something that makes a campaign's measurements noisier or weaker, as data: what kind of problem, and the
 * sentence the reports print. Every sentence is worded here, by the factory of its kind (hyperfine's one enum with
 * one place for its wording): the places that find a problem pass only its figures. The results JSON keeps the
 * sentences ("warnings") and, beside them, the kinds ("warning_kinds", {@link Kind#json()}).
 */
public record Warning(Kind kind, String message) {

    public enum Kind {
        /** The CPU frequency governor is not "performance". */
        GOVERNOR,
        /** Other runnable processes before measuring. */
        LOAD_BEFORE,
        /** Other runnable processes right after measuring. */
        LOAD_AFTER,
        /** The cap (--max-time) is shorter than the minimum rounds; the rounds win. */
        SHORT_MAX_TIME,
        /** A primary metric's coefficient of variation is above 5 %. */
        HIGH_VARIATION,
        /** Runs with a modified z-score above 10 (kept). */
        OUTLIERS,
        /** Rounds where every subject's time moved off its median together: the machine changed speed. */
        PHASE_CHANGES,
        /** Mean steal time above 2 % during the rounds. */
        STEAL,
        /** --randomize-layout with ASLR off (randomize_va_space = 0). */
        ASLR_OFF,
        /** first_output_time asked for, and a subject wrote nothing to stdout: its figure is its wall time. */
        NO_FIRST_OUTPUT,
        /** A suite's benchmark measured for one subject and not the other (new, removed, or missing in some rounds). */
        UNPAIRED_BENCHMARK,
        /** A suite's benchmark the parser left out of some runs (0 ns/op, no time): named, with why. */
        LEFT_OUT_BENCHMARK,
        /** Two or more subjects' binaries are byte-identical: their comparison measures only noise. */
        IDENTICAL_BINARIES,
        /** pgolab's own threads could not be kept off the measured CPU (one CPU, no taskset, refused). */
        JVM_NOT_PINNED;

        /** The kind as the results JSON writes it: "high_variation". */
        public String json() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    @Override
    public String toString() {
        return message;
    }

    public static Warning governor(String governor) {
        return new Warning(Kind.GOVERNOR, "CPU frequency governor is '" + governor + "', not 'performance':"
                + " clock changes add noise (cpupower frequency-set -g performance)");
    }

    public static Warning loadBefore(int others, double loadAverage, int cpus) {
        return new Warning(Kind.LOAD_BEFORE, String.format("other load present: at least %d other runnable"
                + " process(es) before measuring (1-minute load average %.2f on %d CPUs)", others, loadAverage, cpus));
    }

    public static Warning loadAfter(int others) {
        return new Warning(Kind.LOAD_AFTER, String.format("at least %d other runnable process(es) right after"
                + " measuring: something else may have run at the same time", others));
    }

    /** needed: the seconds the warm-up and the minimum rounds take at perRound seconds a round. */
    public static Warning shortMaxTime(long maxTimeSeconds, int minRounds, double needed, double perRound) {
        return new Warning(Kind.SHORT_MAX_TIME, String.format("the --max-time of %ds is shorter than"
                + " the %d rounds a verdict needs (about %.0fs at %.1fs per round): the minimum rounds win",
                maxTimeSeconds, minRounds, needed, perRound));
    }

    /** cv: the coefficient of variation, a fraction (0.07 prints 7.0%). */
    public static Warning highVariation(String subject, String metric, double cv) {
        return new Warning(Kind.HIGH_VARIATION, String.format("high variation: %s of '%s' has a"
                + " coefficient of variation of %.1f%%", metric, subject, cv * 100));
    }

    public static Warning outliers(String subject, String metric, int outliers) {
        return new Warning(Kind.OUTLIERS, String.format("%d outlier(s) in %s of '%s' (modified"
                + " z-score > 10; kept: medians and the rank statistics are robust to them)", outliers, metric, subject));
    }

    /** maxSteal: percent, NaN when unknown; threshold: how far off its median a time counts, a fraction. */
    public static Warning phaseChanges(int marked, int rounds, double maxSteal, double threshold) {
        return new Warning(Kind.PHASE_CHANGES, String.format("%d of %d rounds at machine-speed changes"
                + " (steal up to %s): every subject's time more than %.0f%% off its median at once; kept in the"
                + " data", marked, rounds, Double.isNaN(maxSteal) ? "unknown" : String.format("%.1f%%", maxSteal),
                threshold * 100));
    }

    /** mean and max steal time, in percent. */
    public static Warning steal(double mean, double max) {
        return new Warning(Kind.STEAL, String.format("steal time %.1f%% on average (up to %.1f%%):"
                + " the hypervisor gave this VM's CPU to others during the runs", mean, max));
    }

    public static Warning aslrOff() {
        return new Warning(Kind.ASLR_OFF, "--randomize-layout with ASLR off"
                + " (/proc/sys/kernel/randomize_va_space is 0): stack, heap and library addresses are the same in"
                + " every run, only the environment padding moves the stack");
    }

    public static Warning noFirstOutput(String subject) {
        return new Warning(Kind.NO_FIRST_OUTPUT, "'" + subject + "' wrote nothing"
                + " to stdout in some runs, whose first_output_time is their wall time (does its command send"
                + " stdout elsewhere, e.g. > /dev/null?)");
    }

    /**
     * A benchmark (or a primary metric, benchmark false) of a workload with no comparison of candidate against
     * baseline, which were measured in baselineRounds and candidateRounds of rounds (not both 0).
     *
     * @param who what precedes the workload's quoted name ("workload ")
     */
    public static Warning unpaired(String who, String workload, boolean benchmark, String metric, String baseline,
                                   String candidate, int baselineRounds, int candidateRounds, int rounds) {
        String why = baselineRounds == 0 ? "is new in " + candidate + " (not in " + baseline + ")"
                : candidateRounds == 0 ? "is gone from " + candidate + " (in " + baseline + " only)"
                : "was measured in " + baselineRounds + " rounds of " + baseline + " and " + candidateRounds + " of "
                        + candidate + " (of " + rounds + "), or " + (benchmark ? "its time" : "it") + " was zero";
        return new Warning(Kind.UNPAIRED_BENCHMARK, who + "'" + workload + "': "
                + (benchmark ? "benchmark " : "primary metric ") + metric + " " + why
                + (benchmark ? ": not compared, not gated" : ": not compared, so the verdict is inconclusive"));
    }

    /**
     * "'base:release': benchmark micro.X is left out, not compared: its time is 0 ns/op (in 5 of 5 runs)".
     *
     * @param note the parser's words for what it left out and why
     */
    public static Warning leftOut(String subject, String note, int runs, int of) {
        return new Warning(Kind.LEFT_OUT_BENCHMARK, "'" + subject + "': " + note + " (in " + runs + " of " + of + " runs)");
    }

    /** subjects: two or more; sha256: their binaries' digest. */
    public static Warning identicalBinaries(List<String> subjects, String sha256) {
        List<String> q = subjects.stream().map(n -> "'" + n + "'").toList();
        String names = q.size() == 2 ? q.get(0) + " and " + q.get(1)
                : String.join(", ", q.subList(0, q.size() - 1)) + " and " + q.get(q.size() - 1);
        return new Warning(Kind.IDENTICAL_BINARIES, "identical binaries: " + names
                + " are the same file (SHA-256 " + sha256.substring(0, Math.min(12, sha256.length())) + "...), so"
                + " their comparison measures only noise and says nothing about the variants; check that"
                + " each build really built (its build log and audit line)");
    }

    /** reason: why pinning did not happen ("one CPU only", "taskset refused: ..."). */
    public static Warning jvmNotPinned(int measuredCpu, String reason) {
        return new Warning(Kind.JVM_NOT_PINNED, "pgolab's own threads (JIT compiler, GC) were"
                + " not kept off the measured CPU " + measuredCpu + ": " + reason + "; they may take time from the"
                + " measured runs (a few hundred ms over a campaign)");
    }
}
