package io.pgolab.report;

import java.util.Map;

/**
 * One output format of {@link Results}: the terminal table, Markdown, JSON, CSV, HTML (each made by a
 * factory of {@code Exports} and registered with {@code Exports.to}). Like hyperfine's exporters and JMH's ResultFormat: the
 * format renders, {@code Exports} decides where the text goes and reports write errors.
 */
public interface Exporter {
    /** The whole text of the output for these results; "" when the format has nothing to say about them. */
    String render(Results results);

    /**
     * Files written beside the output file, by the suffix of their name (report.html → report.SUFFIX): the HTML
     * report's standalone flamegraph SVGs. None for most formats.
     */
    default Map<String, String> besides(Results results) {
        return Map.of();
    }
}
