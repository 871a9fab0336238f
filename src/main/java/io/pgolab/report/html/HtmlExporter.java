package io.pgolab.report.html;

import io.pgolab.report.Exporter;
import io.pgolab.report.Results;
import io.pgolab.report.json.JsonExporter;
import io.pgolab.report.json.ReportDocs;
import io.pgolab.report.json.ResultsDocument;
import java.util.List;
import java.util.Map;

/** The HTML report ({@code --html FILE}) of a command's results: its results document drawn by {@link HtmlReport}. */
public final class HtmlExporter implements Exporter {
    @Override
    public String render(Results r) {
        return render(JsonExporter.document(r, JsonExporter.envelope(r.source())));
    }

    @Override
    public Map<String, String> besides(Results r) {
        return FlameFiles.of(JsonExporter.document(r, JsonExporter.envelope(r.source())));
    }

    /** The page of one results file's records. */
    static String render(ResultsDocument d) {
        return HtmlReport.page(ReportDocs.title(d), ReportDocs.summary(d), ReportDocs.passed(d),
                List.of(new HtmlReport.Section(null, d)), List.of());
    }
}
