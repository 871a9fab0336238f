package io.pgolab.bench;

import io.pgolab.stats.Direction;
import io.pgolab.stats.Verdict;
import java.util.List;
import java.util.Locale;

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
 */
public record GatedOutcome(List<String> gated, List<Measure> regressed, List<Measure> inconclusive,
                           List<Measure> improved, int unchanged) {

    /**
     * One gated comparison: candidate, metric, its direction, verdict, change and CI in percent of the baseline
     * (positive: the metric got larger).
     */
    public record Measure(String candidate, String metric, Direction direction, Verdict verdict, double changePercent,
                          double ciLowPercent, double ciHighPercent) {
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
    }

    /** Within bounds (every gated measure no_change or improved), inconclusive (none regressed, some unsure), regressed. */
    public enum State {
        WITHIN_BOUNDS, INCONCLUSIVE, REGRESSED, NOTHING_COMPARED
    }

    /** The outcome of these measures (only the gated ones are passed in). */
    public static GatedOutcome of(List<String> gated, List<Measure> measures) {
        return new GatedOutcome(List.copyOf(gated), with(measures, Verdict.REGRESSED), with(measures, Verdict.INCONCLUSIVE),
                with(measures, Verdict.IMPROVED), (int) measures.stream().filter(m -> m.verdict() == Verdict.NO_CHANGE).count());
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
    public java.util.Optional<String> microbench() {
        int n = size();
        if (gated.isEmpty()) {
            return java.util.Optional.empty();
        }
        String head = "Microbench: ";
        String improvedPart = improved.isEmpty() ? "" : " (" + improved.size() + " improved)";
        return java.util.Optional.of(switch (state()) {
            case NOTHING_COMPARED -> head + "no benchmark was compared (" + gated.size() + " measured).";
            case WITHIN_BOUNDS -> head + "all " + n + " measure" + (n == 1 ? "" : "s") + " within bounds" + improvedPart
                    + ".";
            default -> head + String.join("; ", java.util.stream.Stream.of(
                    regressed.isEmpty() ? "" : regressed.size() + " of " + n + " regressed: " + String.join(", ",
                            regressed.stream().map(m -> m.describe(false, true)).toList()),
                    inconclusive.isEmpty() ? "" : inconclusive.size() + " of " + n + " inconclusive: " + String.join(", ",
                            inconclusive.stream().map(m -> m.describe(false, true)).toList()))
                    .filter(x -> !x.isEmpty()).toList()) + improvedPart + ".";
        });
    }

    /** The gated metrics as the final line lists them: a suite's benchmarks counted, not named one by one. */
    private String gatedNames() {
        List<String> plain = gated.stream().filter(m -> !Microbench.isBenchmark(m)).toList();
        long micro = gated.size() - plain.size();
        List<String> out = new java.util.ArrayList<>(plain);
        if (micro > 0) {
            out.add(micro + " benchmark" + (micro == 1 ? "" : "s"));
        }
        return String.join(", ", out);
    }

    private static List<Measure> with(List<Measure> ms, Verdict v) {
        return ms.stream().filter(m -> m.verdict() == v).toList();
    }

    public int size() {
        return regressed.size() + inconclusive.size() + improved.size() + unchanged;
    }

    public State state() {
        if (!regressed.isEmpty()) {
            return State.REGRESSED;
        }
        if (!inconclusive.isEmpty()) {
            return State.INCONCLUSIVE;
        }
        return size() == 0 ? State.NOTHING_COMPARED : State.WITHIN_BOUNDS;
    }

    /** The banner's colour: true (within bounds), false (regressed), empty (inconclusive or nothing compared). */
    public java.util.Optional<Boolean> passed() {
        return switch (state()) {
            case WITHIN_BOUNDS -> java.util.Optional.of(true);
            case REGRESSED -> java.util.Optional.of(false);
            default -> java.util.Optional.empty();
        };
    }

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
        String improvedPart = improved.isEmpty() ? "" : "; " + improved.size() + " improved";
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
                    .append(String.join(", ", regressed.stream().map(m -> m.describe(gains, false)).toList()));
        }
        if (!inconclusive.isEmpty()) {
            s.append(regressed.isEmpty() ? "Not within bounds: " : "; ").append(inconclusive.size()).append(" of ").append(n)
                    .append(" gated measure(s) inconclusive (the CI is too wide to tell): ")
                    .append(String.join(", ", inconclusive.stream().map(m -> m.describe(gains, true)).toList()));
        }
        return s + improvedPart + ".";
    }
}
