package io.pgolab.report.files;

import io.pgolab.report.Bounds;
import io.pgolab.report.LossLines;
import io.pgolab.report.Md;
import io.pgolab.report.PotentialWorth;
import io.pgolab.report.html.HtmlTables;
import io.pgolab.report.json.ReportDocs;
import io.pgolab.report.json.ResultsDocument;
import io.pgolab.report.text.BenchText;
import io.pgolab.report.text.Decisions;
import io.pgolab.report.text.GateReport;
import io.pgolab.report.text.GateSections;
import io.pgolab.report.text.LadderReport;
import io.pgolab.util.Strings;
import java.util.List;
import java.util.Locale;

/** Markdown from a results file's records ({@code pgolab report --markdown}): the gate, the ladder, the bench tables. */
final class DocMarkdown {
    private DocMarkdown() {
    }

    static String render(ResultsDocument d) {
        ResultsDocument.BenchBody b = ReportDocs.bench(d);
        if (d.gate() != null) {
            return GateReport.markdown(d.gate(), b == null ? List.of() : b.workloads(), GateSections.View.of(b));
        }
        StringBuilder s = new StringBuilder(LossLines.markdown(d.losses())).append("## ").append(Md.text(ReportDocs.title(d))).append("\n\n");
        s.append("**").append(Md.text(ReportDocs.summary(d))).append("**\n\n");
        ReportDocs.microbench(d).ifPresent(m -> s.append(Md.text(m)).append("\n\n"));
        if (d.ladder() != null) {
            s.append("| workload | step | build CPU (total) | wall (total) | binary | gain vs first step | verdict |\n"
                    + "|---|---|---:|---:|---:|---|---|\n");
            for (ResultsDocument.Step st : d.ladder().steps()) {
                ResultsDocument.Gain g = st.vsRelease();
                s.append(String.format(Locale.ROOT, "| %s | %s | %s | %.1fs (%.1fs) | %s | %s | %s |%n", Md.text(st.workload()),
                        Md.text(st.variant()), LadderReport.cpu(st.buildCpuSeconds(), st.pipelineCpuSeconds()),
                        st.buildSeconds(), st.pipelineSeconds(),
                        Strings.humanBytes(st.binaryBytes()),
                        g == null ? "-" : String.format(Locale.ROOT, "%+.1f%% [%+.1f, %+.1f]", g.gainPercent(), g.ciLowPercent(), g.ciHighPercent()),
                        g == null ? "baseline" : Md.text(g.verdict())));
            }
            s.append('\n');
        }
        if (b != null && b.workloads() != null) {
            for (ResultsDocument.Workload w : b.workloads()) {
                s.append("### ").append(Md.text(w.name())).append("\n\n").append(Md.code(w.command())).append(" — ")
                        .append(w.rounds()).append(" interleaved rounds, ").append(Md.text(w.stopReason())).append("\n\n");
                s.append("| baseline → candidate | metric | baseline | candidate | change | 95% CI | p | verdict |\n");
                s.append("|---|---|---:|---:|---:|---:|---:|---|\n");
                for (ResultsDocument.ComparisonEntry c : HtmlTables.ordered(w.comparisons())) {
                    double lo = (c.ciLow() - 1) * 100;
                    double hi = (c.ciHigh() - 1) * 100;
                    int dec = Bounds.decimals(c.minEffect() * 100, lo, hi);
                    s.append(String.format(Locale.ROOT, "| %s → %s | %s%s | %s | %s | %+.1f%% | [%s%%, %s%%] | %s | %s |%n",
                            Md.text(c.baseline()), Md.text(c.candidate()), Md.text(c.metric()), c.gated() ? " (gated)" : "",
                            Md.text(BenchText.value(c.baselineMedian(), c.unit())),
                            Md.text(BenchText.value(c.candidateMedian(), c.unit())), (c.ratio() - 1) * 100,
                            Bounds.signed(lo, dec), Bounds.signed(hi, dec), BenchText.p(c.pValue()), Md.text(c.verdict())));
                }
                (d.gate() != null ? Decisions.gate(d.gate(), w) : Decisions.bench(w))
                        .ifPresent(line -> s.append('\n').append(Md.text(line)).append('\n'));
                if (w.pgoPotential() != null) {   // the worth is recomputed: files written before it have none
                    w.pgoPotential().forEach((v, p) -> s.append("\nPGO potential of ").append(Md.text(v)).append(": ")
                            .append(Md.text(p.summary() + PotentialWorth.suffix(v, w.pgoPotential()))).append('\n'));
                }
                if (w.pgoPotentialExplanations() != null) {
                    w.pgoPotentialExplanations().forEach(x -> s.append('\n').append(Md.text(x)).append('\n'));
                }
                w.warnings().forEach(x -> s.append("\n> warning: ").append(Md.text(x)).append('\n'));
                s.append('\n');
            }
        }
        s.append("<sub>Re-rendered by pgolab report from the results file; medians, Hodges-Lehmann change, 95% CI of the"
                + " paired Wilcoxon signed-rank test.</sub>\n");
        return s.toString();
    }
}
