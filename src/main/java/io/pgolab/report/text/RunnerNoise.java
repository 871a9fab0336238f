package io.pgolab.report.text;

import io.pgolab.report.json.ResultsDocument;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.DetectableChange;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * How noisy the runner was for one workload of a gate, under its table in the comment: the coefficient of variation
 * of the gated measures' samples, the host's load average and steal over the rounds, and the smallest change each
 * measure could have detected at this run's cap ({@link DetectableChange}). From the results file alone, so a file
 * read again (pgolab report, merge) says the same.
 */
final class RunnerNoise {
    /** Up to this many measures are named one by one; more are summed up as a range and a median. */
    static final int LISTED = 4;

    private RunnerNoise() {
    }

    /** "Runner noise: ..." for the workload's gated measures; empty when it has none with samples. */
    static Optional<String> line(ResultsDocument.GateBody g, ResultsDocument.Workload w, double capSeconds,
                                 int maxRounds) {
        List<ResultsDocument.ComparisonEntry> gated = gated(g, w);
        if (gated.isEmpty()) {
            return Optional.empty();
        }
        double[] cv = gated.stream().mapToDouble(c -> Math.max(cvPercent(c.baselineSamples()),
                cvPercent(c.candidateSamples()))).filter(v -> !Double.isNaN(v)).toArray();
        int atCap = DetectableChange.roundsAtCap(w.rounds(), w.elapsedSeconds(), capSeconds, maxRounds);
        List<String> parts = new ArrayList<>();
        if (cv.length > 0) {
            parts.add("samples' CV " + range(cv));
        }
        machine(w).ifPresent(parts::add);
        List<String> named = new ArrayList<>();
        List<Double> mde = new ArrayList<>();
        for (ResultsDocument.ComparisonEntry c : gated) {
            double p = DetectableChange.percent(c.baselineSamples(), c.candidateSamples(), atCap);
            if (!Double.isNaN(p)) {
                mde.add(p);
                named.add(variant(c) + " " + c.metric() + " " + pct(p));
            }
        }
        if (!mde.isEmpty()) {
            String which = mde.size() <= LISTED ? String.join(", ", named)
                    : range(mde.stream().mapToDouble(Double::doubleValue).toArray()) + " over " + mde.size() + " measures";
            parts.add("smallest change detectable at " + (atCap == w.rounds() ? "" : "the cap's ~") + atCap
                    + " rounds: " + which);
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of("Runner noise: " + String.join("; ", parts) + ".");
    }

    /** The comparisons behind the workload's gate measures (same variant on both sides). */
    static List<ResultsDocument.ComparisonEntry> gated(ResultsDocument.GateBody g, ResultsDocument.Workload w) {
        List<ResultsDocument.ComparisonEntry> cs = w.comparisons() == null ? List.of() : w.comparisons();
        return g.measures().stream().filter(m -> m.workload().equals(w.name()))
                .map(m -> cs.stream().filter(c -> Objects.equals(c.metric(), m.metric()) && c.candidate() != null
                        && c.candidate().endsWith(":" + m.variant())).findFirst().orElse(null))
                .filter(Objects::nonNull).toList();
    }

    /** "load 1.2–3.4, steal up to 0.3%" over the rounds; empty when the rounds' noise was not recorded. */
    static Optional<String> machine(ResultsDocument.Workload w) {
        List<ResultsDocument.RoundNoiseEntry> n = w.roundNoise() == null ? List.of() : w.roundNoise();
        if (n.isEmpty()) {
            return Optional.empty();
        }
        double lo = n.stream().mapToDouble(ResultsDocument.RoundNoiseEntry::loadAverage).min().orElse(0);
        double hi = n.stream().mapToDouble(ResultsDocument.RoundNoiseEntry::loadAverage).max().orElse(0);
        double[] steal = n.stream().map(ResultsDocument.RoundNoiseEntry::stealPercent).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).toArray();
        String load = String.format(Locale.ROOT, lo == hi ? "load %.1f" : "load %.1f–%.1f", lo, hi);
        return Optional.of(load + (steal.length == 0 ? "" : String.format(Locale.ROOT, ", steal up to %.1f%%",
                Arrays.stream(steal).max().orElse(0))));
    }

    private static double cvPercent(double[] xs) {
        return xs == null || xs.length < 2 ? Double.NaN : Comparison.cv(xs) * 100;
    }

    private static String variant(ResultsDocument.ComparisonEntry c) {
        return c.candidate().substring(c.candidate().lastIndexOf(':') + 1);
    }

    /** "0.8%" for one value, "0.4–3.1% (median 0.9%)" for several. */
    private static String range(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        if (pct(s[0]).equals(pct(s[s.length - 1]))) {
            return pct(s[0]);
        }
        double med = s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
        return String.format(Locale.ROOT, "%.1f–%s (median %s)", s[0], pct(s[s.length - 1]), pct(med));
    }

    private static String pct(double p) {
        return String.format(Locale.ROOT, p < 0.1 && p > 0 ? "%.2f%%" : "%.1f%%", p);
    }
}
