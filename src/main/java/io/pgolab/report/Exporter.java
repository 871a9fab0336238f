package io.pgolab.report;

/**
 * One output format of {@link Results}: the terminal table, Markdown, JSON, CSV, HTML (each registered with
 * {@link Exports#to}). Like hyperfine's exporters and JMH's ResultFormat: the
 * format renders, {@link Exports} decides where the text goes and reports write errors.
 */
public interface Exporter {
    /** The whole text of the output for these results; "" when the format has nothing to say about them. */
    String render(Results results);

    /**
     * Files written beside the output file, by the suffix of their name (report.html → report.SUFFIX): the HTML
     * report's standalone flamegraph SVGs. None for most formats.
     */
    default java.util.Map<String, String> besides(Results results) {
        return java.util.Map.of();
    }

    static Exporter text() {
        return new TextExporter();
    }

    static Exporter markdown() {
        return new MarkdownExporter();
    }

    static Exporter json() {
        return new JsonExporter();
    }

    /** The gate's verdict file (pgolab-verdict/1); "" for results that are not a gate's. */
    static Exporter verdict() {
        return new VerdictExporter();
    }

    /** The self-contained HTML report (charts, flamegraphs). */
    static Exporter html() {
        return new HtmlExporter();
    }

    static Exporter csv() {
        return new CsvExporter();
    }
}
