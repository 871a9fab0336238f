package io.pgolab.bench;

import io.pgolab.stats.Direction;
import io.pgolab.stats.Inconclusive;
import io.pgolab.stats.Verdict;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What a bench's gated measures say together: the one place that decides the final line, the banner of the Markdown
 * and HTML reports and the exit code of --fail-on regression, for a bench that just ran ({@link BenchResults}) and for
 * a results file read again (pgolab report). "Within bounds" only when every gated measure is no_change or improved;
 * a regression names what regressed; otherwise the inconclusive measures are named, never hidden behind a green line.
 *
 * @param gated        the gated metrics (primary metrics of every workload)
 * @param regressed    gated measures whose verdict is regressed
 * @param inconclusive gated measures whose verdict is inconclusive
 * @param improved     gated measures whose verdict is improved
 * @param unchanged    how many gated measures are no_change
 * @param uncompared   gated measures that have no comparison ({@link #uncompared}): "pgo ops_per_sec in 'pipelined'";
 *                     each one makes the outcome inconclusive, never "within bounds" over the measures that remain
 */
public record GatedOutcome(List<String> gated, List<Measure> regressed, List<Measure> inconclusive,
                           List<Measure> improved, int unchanged, List<String> uncompared) {

    public GatedOutcome(List<String> gated, List<Measure> regressed, List<Measure> inconclusive, List<Measure> improved,
                        int unchanged) {
        this(gated, regressed, inconclusive, improved, unchanged, List.of());
    }

    /** One compared pair of a workload: its candidate and metric. */
    public record Pair(String candidate, String metric) {
    }

    /**
     * The gated measures of one workload that got no comparison: every candidate (a subject some comparison of the
     * workload has as its candidate) times every gated metric the workload measured (in any round of any subject),
     * less the pairs compared. A parser's figure missing or zero in some rounds (memtier's "Ops/sec 0.00" for a
     * sub-second run) has no comparison; the suites' benchmarks are left to {@link Microbench#unpaired} (a benchmark
     * new in the candidate is said, never gated). For a bench that ran and for its results file read again.
     */
    public static List<String> uncompared(String workload, List<String> gated, Collection<String> measured,
                                          List<Pair> compared) {
        List<String> out = new ArrayList<>();
        Set<Pair> have = new HashSet<>(compared);
        for (String candidate : compared.stream().map(Pair::candidate).distinct().toList()) {
            for (String m : gated) {
                if (measured.contains(m) && !Microbench.isBenchmark(m) && !have.contains(new Pair(candidate, m))) {
                    out.add(candidate + " " + m + " in '" + workload + "'");
                }
            }
        }
        return out;
    }

    /**
     * One gated comparison: candidate, metric, its direction, verdict, change and CI in percent of the baseline
     * (positive: the metric got larger), and what says why an inconclusive one is ({@link Inconclusive}): its minimum
     * effect in percent, p and rounds.
     */
    public record Measure(String candidate, String metric, Direction direction, Verdict verdict, double changePercent,
                          double ciLowPercent, double ciHighPercent, double minEffectPercent, double pValue, int rounds) {
        /** Without minimum effect, p and rounds: an inconclusive one is said to have a CI too wide to tell. */
        public Measure(String candidate, String metric, Direction direction, Verdict verdict, double changePercent,
                       double ciLowPercent, double ciHighPercent) {
            this(candidate, metric, direction, verdict, changePercent, ciLowPercent, ciHighPercent, Double.NaN,
                    Double.NaN, Integer.MAX_VALUE);
        }

        /** Why it is inconclusive (meaningful for an inconclusive verdict only). */
        Inconclusive why() {
            return Inconclusive.of(1 + ciLowPercent / 100, 1 + ciHighPercent / 100, minEffectPercent / 100, rounds);
        }

        /**
         * "pgo cpu_time +2.2%" in changes, as the bench's tables; "pgo cpu_time gain -2.2%" in gains (positive:
         * better), as the ladder's tables, so that a summary never says the opposite sign of the table above it.
         */
        String describe(boolean gains, boolean withCi) {
            boolean flip = gains && direction == Direction.LOWER_IS_BETTER;
            double v = flip ? -changePercent : changePercent;
            double lo = flip ? -ciHighPercent : ciLowPercent;
            double hi = flip ? -ciLowPercent : ciHighPercent;
            String s = String.format(Locale.ROOT, "%s %s %s%+.1f%%", candidate, metric, gains ? "gain " : "", v);
            return withCi ? s + String.format(Locale.ROOT, " [%+.1f%%, %+.1f%%]", lo, hi) : s;
        }

        /** An inconclusive measure with its CI and what its cause adds ("..., minimum effect ±1.0%"). */
        String describeInconclusive(boolean gains) {
            String detail = why().detail(minEffectPercent, pValue, rounds);
            return describe(gains, true) + (detail.isEmpty() ? "" : " (" + detail + ")");
        }
    }

    /**
     * The inconclusive measures, one group per cause in {@link Inconclusive}'s order: "2 of 5 gated measure(s)
     * inconclusive (the CI is too wide to tell): a, b", then "1 of 5 ... (the CI is narrow but reaches across the
     * minimum effect: ...): c (minimum effect ±1.0%)". The final line and the Microbench section say it this way.
     */
    private List<String> inconclusiveGroups(String what, boolean gains) {
        List<String> out = new ArrayList<>();
        for (Inconclusive cause : Inconclusive.values()) {
            List<Measure> group = inconclusive.stream().filter(m -> m.why() == cause).toList();
            if (!group.isEmpty()) {
                out.add(group.size() + " of " + size() + " " + what + "inconclusive (" + cause.words() + "): "
                        + String.join(", ", group.stream().map(m -> m.describeInconclusive(gains)).toList()));
            }
        }
        return out;
    }

    /** Within bounds (every gated measure no_change or improved), inconclusive (none regressed, some unsure), regressed. */
    public enum State {
        WITHIN_BOUNDS, INCONCLUSIVE, REGRESSED, NOTHING_COMPARED
    }

    /** The outcome of these measures (only the gated ones are passed in). */
    public static GatedOutcome of(List<String> gated, List<Measure> measures) {
        return of(gated, measures, List.of());
    }

    /** The outcome of these measures and of the gated measures that got no comparison ({@link #uncompared}). */
    public static GatedOutcome of(List<String> gated, List<Measure> measures, List<String> uncompared) {
        return new GatedOutcome(List.copyOf(gated), with(measures, Verdict.REGRESSED), with(measures, Verdict.INCONCLUSIVE),
                with(measures, Verdict.IMPROVED), (int) measures.stream().filter(m -> m.verdict() == Verdict.NO_CHANGE).count(),
                List.copyOf(uncompared));
    }

    /** The outcome of the suites' benchmarks alone (micro.* metrics), for the "Microbench:" section. */
    public static GatedOutcome ofBenchmarks(List<String> gated, List<Measure> measures) {
        return of(gated.stream().filter(Microbench::isBenchmark).toList(),
                measures.stream().filter(m -> Microbench.isBenchmark(m.metric())).toList());
    }

    /**
     * This outcome (of {@link #ofBenchmarks}) as its section, e.g. "Microbench: all 12 measures within bounds (2
     * improved)." or what regressed and what is inconclusive; empty when no suite was measured. The same verdicts as
     * the final line, counted over the benchmarks only: never a second decision.
     */
    public Optional<String> microbench() {
        int n = size();
        if (gated.isEmpty()) {
            return Optional.empty();
        }
        String head = "Microbench: ";
        String improvedPart = improved.isEmpty() ? "" : " (" + improved.size() + " improved)";
        return Optional.of(switch (state()) {
            case NOTHING_COMPARED -> head + "no benchmark was compared (" + gated.size() + " measured).";
            case WITHIN_BOUNDS -> head + "all " + n + " measure" + (n == 1 ? "" : "s") + " within bounds" + improvedPart
                    + ".";
            default -> head + String.join("; ", Stream.of(
                    regressed.isEmpty() ? "" : regressed.size() + " of " + n + " regressed: " + String.join(", ",
                            regressed.stream().map(m -> m.describe(false, true)).toList()),
                    String.join("; ", inconclusiveGroups("", false)))
                    .filter(x -> !x.isEmpty()).toList()) + improvedPart + ".";
        });
    }

    /** The gated metrics as the final line lists them: a suite's benchmarks counted, not named one by one. */
    private String gatedNames() {
        List<String> plain = gated.stream().filter(m -> !Microbench.isBenchmark(m)).toList();
        long micro = gated.size() - plain.size();
        List<String> out = new ArrayList<>(plain);
        if (micro > 0) {
            out.add(micro + " benchmark" + (micro == 1 ? "" : "s"));
        }
        return String.join(", ", out);
    }

    private static List<Measure> with(List<Measure> ms, Verdict v) {
        return ms.stream().filter(m -> m.verdict() == v).toList();
    }

    public int size() {
        return regressed.size() + inconclusive.size() + improved.size() + unchanged + uncompared.size();
    }

    public State state() {
        if (!regressed.isEmpty()) {
            return State.REGRESSED;
        }
        if (!inconclusive.isEmpty() || !uncompared.isEmpty()) {
            return State.INCONCLUSIVE;
        }
        return size() == 0 ? State.NOTHING_COMPARED : State.WITHIN_BOUNDS;
    }

    /** The banner's colour: true (within bounds), false (regressed), empty (inconclusive or nothing compared). */
    public Optional<Boolean> passed() {
        return switch (state()) {
            case WITHIN_BOUNDS -> Optional.of(true);
            case REGRESSED -> Optional.of(false);
            default -> Optional.empty();
        };
    }

    /** The improvements the final line names; the others are counted. */
    static final int NAMED = 3;

    /** The final line in changes (the bench's tables' convention). */
    public String summary() {
        return summary(false);
    }

    /**
     * The final line: all within bounds, or what regressed, and what is inconclusive; gains: each figure as a gain
     * (positive is better, the ladder's convention), else as a change.
     */
    public String summary(boolean gains) {
        int n = size();
        // each improvement named with its figure and interval (issue 40: "1 improved." hid a -11.8%)
        String improvedPart = improved.isEmpty() ? "" : "; improved: " + String.join(", ", improved.stream()
                .limit(NAMED).map(m -> m.describe(gains, true)).toList())
                + (improved.size() > NAMED ? " and " + (improved.size() - NAMED) + " more" : "");
        switch (state()) {
            case NOTHING_COMPARED:
                return "No gated measure was compared (" + gatedNames() + ").";
            case WITHIN_BOUNDS:
                return "All gated measures within bounds (" + gatedNames() + ")" + improvedPart + ".";
            default:
                break;
        }
        StringBuilder s = new StringBuilder();
        if (!regressed.isEmpty()) {
            s.append(regressed.size()).append(" gated measure(s) regressed: ")
                    .append(String.join(", ", regressed.stream().map(m -> m.describe(gains, true)).toList()));
        }
        if (!inconclusive.isEmpty()) {
            s.append(regressed.isEmpty() ? "Not within bounds: " : "; ")
                    .append(String.join("; ", inconclusiveGroups("gated measure(s) ", gains)));
        }
        if (!uncompared.isEmpty()) {
            s.append(s.length() == 0 ? "Not within bounds: " : "; ").append(uncompared.size()).append(" of ").append(n)
                    .append(" gated measure(s) not compared (missing or zero in some rounds): ")
                    .append(String.join(", ", uncompared));
        }
        return s + improvedPart + ".";
    }
}
