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
                return "No gated measure was compared (" + String.join(", ", gated) + ").";
            case WITHIN_BOUNDS:
                return "All gated measures within bounds (" + String.join(", ", gated) + ")" + improvedPart + ".";
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
