package io.pgolab.report.text;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.TimePlan;
import io.pgolab.report.json.JsonExporter;
import io.pgolab.report.json.ResultsDocument;
import io.pgolab.stats.Comparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * When each gated measure of a workload was decided, from the results records: "decisions: pgo cpu_time regressed at
 * round 14 (12s, 99.2% CI); ..." or "... undecided after 90 rounds (300s, 98.3% CI)". A bench's gated measures are
 * its gated comparisons (decided: not inconclusive); a gate's are its measures (decided: within or out of bounds),
 * each with the comparison behind it. Empty for a workload measured without the sequential rule (no looks).
 */
public final class Decisions {
    private Decisions() {
    }

    /** The line for a bench's workload that just ran. */
    public static Optional<String> bench(BenchResults.WorkloadResult w, List<String> gated) {
        return bench(w.campaign().looks().sequential(), w.comparisons().stream()
                .map(c -> JsonExporter.comparison(w.name(), c, gated.contains(c.metric()))).toList());
    }

    /** The line for a bench's workload, from its results file. */
    public static Optional<String> bench(ResultsDocument.Workload w) {
        return bench(!w.looksOrEmpty().isEmpty(), w.comparisons());
    }

    private static Optional<String> bench(boolean sequential, List<ResultsDocument.ComparisonEntry> comparisons) {
        if (!sequential) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        for (ResultsDocument.ComparisonEntry c : comparisons) {
            if (c.gated()) {
                parts.add(part(c.candidate() + " " + c.metric(), c.verdict(), !c.verdict().equals("inconclusive"), c));
            }
        }
        return line(parts);
    }

    /** The line for a gate's workload: its measures, each with the comparison it was decided on. */
    public static Optional<String> gate(ResultsDocument.GateBody g, ResultsDocument.Workload w) {
        if (w.looksOrEmpty().isEmpty()) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        for (ResultsDocument.MeasureEntry m : g.measures()) {
            if (!m.workload().equals(w.name())) {
                continue;
            }
            w.comparisons().stream().filter(c -> c.metric().equals(m.metric()) && c.candidate().endsWith(":" + m.variant())
                            && c.baseline().endsWith(":" + m.variant())).findFirst()
                    .ifPresent(c -> parts.add(part(m.variant() + " " + m.metric(), m.verdict().replace('_', ' '),
                            !m.verdict().equals("inconclusive"), c)));
        }
        return line(parts);
    }

    private static String part(String what, String verdict, boolean decided, ResultsDocument.ComparisonEntry c) {
        String when = String.format(Locale.ROOT, "%s, %s%% CI", c.lookSeconds() == null ? "?"
                : TimePlan.duration(c.lookSeconds()), Comparison.levelPercent(1 - c.ciLevel()));
        return decided ? String.format(Locale.ROOT, "%s %s at round %d (%s)", what, verdict.replace('_', ' '), c.rounds(), when)
                : String.format(Locale.ROOT, "%s undecided after %d rounds (%s)", what, c.rounds(), when);
    }

    private static Optional<String> line(List<String> parts) {
        return parts.isEmpty() ? Optional.empty() : Optional.of("decisions: " + String.join("; ", parts));
    }
}
