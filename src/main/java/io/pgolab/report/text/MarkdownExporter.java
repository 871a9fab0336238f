package io.pgolab.report.text;

import io.pgolab.bench.BenchResults;
import io.pgolab.report.Exporter;
import io.pgolab.report.LossLines;
import io.pgolab.report.Md;
import io.pgolab.report.Results;
import io.pgolab.report.json.JsonExporter;
import io.pgolab.report.json.ResultsDocument;

/** Markdown for issues and pull requests: the ladder's table and advice, then the bench's tables. */
public final class MarkdownExporter implements Exporter {
    @Override
    public String render(Results r) {
        String main = LossLines.markdown(r.losses()) + main(r);
        return r.trainingMatch() == null ? main : main + TrainingMatchReport.markdown(r.trainingMatch());
    }

    private static String main(Results r) {
        BenchResults b = r.bench();
        if (r.gate() != null) {
            ResultsDocument.BenchBody body = JsonExporter.bench(b);
            return GateReport.markdown(JsonExporter.gate(r.gate()), body.workloads(), GateSections.View.of(body));
        }
        if (b == null) {
            return "";
        }
        // under a ladder's gain table the line speaks in gains too
        String bench = BenchMarkdown.render(b, b.gated(), r.ladder() != null);
        if (r.ladder() != null) {
            StringBuilder notes = new StringBuilder();
            BuildReport.boltSizeNotes(r.ladder().built()).lines().forEach(n -> notes.append("- ").append(Md.text(n)).append('\n'));
            return LadderReport.markdown(r.ladder().ladder(), b.title()) + notes + "\n" + bench;
        }
        return bench;
    }
}
