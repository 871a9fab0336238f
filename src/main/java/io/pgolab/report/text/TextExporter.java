package io.pgolab.report.text;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.CommandComparison;
import io.pgolab.measure.Warning;
import io.pgolab.report.Exporter;
import io.pgolab.report.LossLines;
import io.pgolab.report.Results;
import io.pgolab.report.json.JsonExporter;
import io.pgolab.report.json.ResultsDocument;
import java.util.List;

/**
 * The terminal output: the ladder, else the bench table, else the build or profile report. demo prints its build
 * table as soon as the builds are done ({@code Exports.print(Results.build(...))}), so its results show the bench.
 */
public final class TextExporter implements Exporter {
    @Override
    public String render(Results r) {
        // a pgo variant slower than one without a profile is said before anything else (LossLines)
        String main = LossLines.text(r.losses()) + main(r);
        return r.trainingMatch() == null ? main : main + TrainingMatchReport.text(r.trainingMatch());
    }

    private static String main(Results r) {
        BenchResults b = r.bench();
        if (r.gate() != null) {
            // the bench's own table (every metric, p, verdict), then the gate's, whose summary replaces the bench's
            // a bounded measure's status is the gate's, in both tables (issue 40: "inconclusive" above "ok")
            String bench = BenchText.render(b, b.gated(), false, (w, c) -> r.gate().measures().stream()
                    .filter(m -> m.workload().equals(w) && m.comparison().candidate().equals(c.candidate())
                            && m.metric().equals(c.metric())).findFirst().map(m -> m.status().words()));
            bench = bench.substring(0, bench.lastIndexOf("\n" + b.summary(b.gated())) + 1);
            ResultsDocument.GateBody g = JsonExporter.gate(r.gate());
            return GateReport.borrowedLine(g) + bench + GateReport.text(g, JsonExporter.bench(b).workloads())
                    + (b.workloads().isEmpty() ? "" : GateReport.LEGEND);
        }
        if (r.ladder() != null) {
            return LadderReport.text(r.ladder().ladder()) + BuildReport.boltSizeNotes(r.ladder().built()) + layout(b)
                    + identical(b) + b.outcome(b.gated()).summary(true) + " (against "
                    + r.ladder().built().get(0).variant() + ")\n";
        }
        if (b != null) {
            // compare: its title says which command is the baseline (a project's bench has release or the first variant)
            return (b.title().startsWith(CommandComparison.TITLE) ? b.title() + "\n" : "")
                    + BenchText.render(b, b.gated());
        }
        if (r.build() != null) {
            return BuildReport.text(r.build());
        }
        if (r.profile() != null) {
            Results.ProfilePart p = r.profile();
            return ProfileReport.text(p.record(), p.summary(), p.stale(), p.optimized(), p.staleChanges());
        }
        return "";
    }

    /**
     * Steps whose binaries are the same bytes (a bench prints the warning under each table; the ladder's table has
     * no place for a campaign's warnings, and this one changes what its gains mean).
     */
    private static String identical(BenchResults b) {
        StringBuilder s = new StringBuilder();
        b.workloads().stream().flatMap(w -> w.campaign().warnings().stream())
                .filter(w -> w.kind() == Warning.Kind.IDENTICAL_BINARIES)
                .map(Warning::message).distinct()
                .forEach(m -> s.append("warning: ").append(m).append('\n'));
        return s.toString();
    }

    /** A ladder's layout check, per workload (a bench prints it under each table). */
    private static String layout(BenchResults b) {
        StringBuilder s = new StringBuilder();
        for (BenchResults.WorkloadResult w : b.workloads()) {
            List<String> lines = LayoutLines.of(w);
            if (!lines.isEmpty()) {
                s.append(w.name()).append(":\n");
                lines.forEach(line -> s.append("  ").append(line).append('\n'));
            }
        }
        return s.toString();
    }
}
