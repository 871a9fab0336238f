package io.pgolab.report;

import io.pgolab.bench.BenchResults;

/** Markdown for issues and pull requests: the ladder's table and advice, then the bench's tables. */
final class MarkdownExporter implements Exporter {
    @Override
    public String render(Results r) {
        String main = main(r);
        return r.trainingMatch() == null ? main : main + TrainingMatchReport.markdown(r.trainingMatch());
    }

    private static String main(Results r) {
        BenchResults b = r.bench();
        if (b == null) {
            return "";
        }
        String bench = BenchMarkdown.render(b, b.gated());
        if (r.ladder() != null) {
            return LadderReport.markdown(r.ladder().ladder(), b.title()) + "\n" + bench;
        }
        return bench;
    }
}
