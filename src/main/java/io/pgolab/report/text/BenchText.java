package io.pgolab.report.text;

import io.pgolab.bench.BenchResults;
import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.NoiseSummary;
import io.pgolab.measure.Warning;
import io.pgolab.report.Bounds;
import io.pgolab.report.PotentialLines;
import io.pgolab.report.PotentialWorth;
import io.pgolab.stats.Comparison;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.Locale;
import java.util.Optional;

/** The terminal table: value, change in %, 95% CI in %, p-value and verdict per metric. */
public final class BenchText {
    private BenchText() {
    }

    public static String render(BenchResults r, List<String> gated) {
        return render(r, gated, true);
    }

    /** decisions: the line saying when each gated comparison was decided (a gate has its own, of its measures). */
    static String render(BenchResults r, List<String> gated, boolean decisions) {
        return render(r, gated, decisions, (w, c) -> Optional.empty());
    }

    /**
     * status: a comparison's outcome when someone else decides it (a gate's measure: "within bounds"), so that the
     * bench's table never says another word than the gate's for the same measure; empty: its verdict.
     */
    static String render(BenchResults r, List<String> gated, boolean decisions,
                         BiFunction<String, Comparison, Optional<String>> status) {
        StringBuilder s = new StringBuilder();
        for (BenchResults.WorkloadResult w : r.workloads()) {
            s.append(String.format("%n%s: %d rounds after %d warm-up (%s)%n", w.name(), w.campaign().rounds(),
                    w.campaign().warmupRounds(), w.campaign().stopReason()));
            String current = "";
            for (Comparison c : ordered(w.comparisons(), gated)) {
                String pair = c.baseline() + " vs " + c.candidate();
                if (!pair.equals(current)) {
                    current = pair;
                    s.append(String.format("  %-26s %12s %12s %9s %19s %7s  %s%n", pair, c.baseline(), c.candidate(),
                            "change", "95% CI", "p", "verdict"));
                }
                String[] ci = ci(c);
                s.append(String.format("  %-26s %12s %12s %+8.1f%% [%6s%%, %6s%%] %7s  %s%n",
                        c.metric(), value(c.baselineMedian(), c.unit()), value(c.candidateMedian(), c.unit()),
                        c.changePercent(), ci[0], ci[1], p(c.pValue()),
                        status.apply(w.name(), c).orElse(c.verdict().json()
                                + (gated.contains(c.metric()) ? "" : " (not gated)"))));
            }
            if (decisions) {
                Decisions.bench(w, gated).ifPresent(line -> s.append("  ").append(line).append('\n'));
            }
            noiseLines(r, w, gated).forEach(line -> s.append("  ").append(line).append('\n'));
            LayoutLines.of(w).forEach(line -> s.append("  ").append(line).append('\n'));
            w.potential().forEach((variant, p) -> s.append("  PGO potential of ").append(variant).append(": ")
                    .append(p.summary()).append(PotentialWorth.suffix(variant, w.potential())).append('\n'));
            PotentialLines.of(w, gated).forEach(line -> s.append("  ").append(line).append('\n'));
            for (Warning warning : w.campaign().warnings()) {
                s.append("  warning: ").append(warning.message()).append('\n');
            }
        }
        if (r.deterministic()) {
            s.append("\nDeterministic mode: counts come from valgrind's cache and branch simulation. They are a proxy:"
                    + " they do not model the real front end (code layout, iTLB, prefetching), which is exactly what"
                    + " PGO and BOLT change.\n");
        }
        s.append('\n').append(r.summary(gated)).append('\n');
        r.microbench(gated).ifPresent(m -> s.append(m).append('\n'));
        s.append("(medians; change = Hodges-Lehmann estimate of the per-round candidate/baseline ratios; 95% CI"
                + " and p from the paired Wilcoxon signed-rank test; verdicts need p < 0.05 and the whole CI beyond the"
                + " minimum effect)\n");
        return s.toString();
    }

    /**
     * The machine line and, per candidate, what the noise cost on the first gated metric ({@link NoiseSummary});
     * nothing for deterministic counts, whose samples do not vary.
     */
    static List<String> noiseLines(BenchResults r, BenchResults.WorkloadResult w, List<String> gated) {
        List<String> lines = new ArrayList<>();
        if (r.deterministic() || gated.isEmpty() || gated.get(0).startsWith("det.")) {
            return lines;
        }
        List<NoiseSummary> summaries = w.comparisons().stream()
                .filter(c -> c.metric().equals(gated.get(0)))
                .map(c -> NoiseSummary.of(w.campaign().noise(), c)).flatMap(Optional::stream).toList();
        if (!summaries.isEmpty() && !summaries.get(0).machineLine().isEmpty()) {
            lines.add(summaries.get(0).machineLine());
        }
        summaries.forEach(n -> lines.add(n.precisionLine()));
        CampaignResult c = w.campaign();
        double perRound = c.rounds() > 0 ? c.elapsedSeconds() / (c.rounds() + c.warmupRounds()) : Double.NaN;
        summaries.stream().max(Comparator.comparingDouble(NoiseSummary::halfWidth))
                .flatMap(n -> n.targetCostLine(r.settings().targetHalfWidthPercent(), perRound)).ifPresent(lines::add);
        return lines;
    }

    static List<Comparison> ordered(List<Comparison> cs, List<String> gated) {
        return cs.stream().sorted((a, b) -> {
            int pair = (a.baseline() + a.candidate()).compareTo(b.baseline() + b.candidate());
            if (pair != 0) {
                return pair;
            }
            return Boolean.compare(!gated.contains(a.metric()), !gated.contains(b.metric()));
        }).toList();
    }

    /** The CI's bounds in percent, signed, with the digits {@link Bounds} asks for against c's minimum effect. */
    static String[] ci(Comparison c) {
        double lo = (c.ciLow() - 1) * 100;
        double hi = (c.ciHigh() - 1) * 100;
        int d = Bounds.decimals(c.minEffect() * 100, lo, hi);
        return new String[] {Bounds.signed(lo, d), Bounds.signed(hi, d)};
    }

    public static String p(double p) {
        return p < 0.001 ? "<0.001" : String.format(Locale.ROOT, "%.3f", p);
    }

    public static String value(double v, String unit) {
        if (unit.equals("s")) {
            return v < 1 ? String.format(Locale.ROOT, "%.1f ms", v * 1000) : String.format(Locale.ROOT, "%.3f s", v);
        }
        if (Math.abs(v) >= 1e6) {
            return String.format(Locale.ROOT, "%.4g %s", v, unit);
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f %s" : "%.3g %s", v, unit);
    }
}
