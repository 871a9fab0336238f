package io.pgolab.report;

/** What a results file is (which command wrote it) and its one-line verdict, read from its records. */
final class ReportDocs {
    private ReportDocs() {
    }

    /** gate, ladder, demo, bench, compare, build (also train) or profile. */
    static String kind(ResultsDocument d) {
        if (d.gate() != null) {
            return "gate";
        }
        if (d.ladder() != null) {
            return "ladder";
        }
        if (d.measurements() != null) {
            if (d.variants() != null) {
                return "demo";
            }
            return d.envelope() == null || d.envelope().project() == null ? "compare" : "bench";
        }
        return d.profile() != null ? "profile" : "build";
    }

    static String title(ResultsDocument d) {
        String project = d.envelope() == null ? null : d.envelope().project();
        return "pgolab " + kind(d) + (project == null ? "" : ": " + project);
    }

    static ResultsDocument.BenchBody bench(ResultsDocument d) {
        return d.measurements() != null ? d.measurements() : d.bench();
    }

    /** The gate's summary, else the bench's, else what the file holds. */
    static String summary(ResultsDocument d) {
        if (d.gate() != null) {
            return d.gate().summary();
        }
        ResultsDocument.BenchBody b = bench(d);
        if (b != null && b.summary() != null) {
            return b.summary();
        }
        return "No measurements in this file (" + kind(d) + ").";
    }

    /** Passed (true), failed (false), or nothing measured (null). */
    static Boolean passed(ResultsDocument d) {
        if (d.gate() != null) {
            return d.gate().passed();
        }
        ResultsDocument.BenchBody b = bench(d);
        return b == null || b.summary() == null ? null : b.regressions() == 0;
    }
}
