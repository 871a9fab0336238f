package io.pgolab.report.text;

import io.pgolab.bench.Microbench;
import io.pgolab.report.Html;
import io.pgolab.report.Md;
import io.pgolab.report.json.ResultsDocument;
import java.util.List;
import java.util.Optional;

/**
 * The body of a gate's Markdown (the PR comment): a gate with suites in two sections, "Program" (the program's
 * workloads) and "Microbench" (the suites'), each under its own line ({@code GateResult#program},
 * {@code GateResult#microbench}); the sections only group rows, the verdict is the gate's one. A long table (more
 * than {@link #OPEN_ROWS} rows) or one of a section whose measures are all within bounds is collapsed in
 * {@code <details>}; under each table the runner's noise ({@link RunnerNoise}) and, with the HTML report's address,
 * links to the report and to each differential flamegraph in it.
 */
public final class GateSections {
    /** Tables with more rows than this are collapsed. */
    static final int OPEN_ROWS = 10;

    private GateSections() {
    }

    /**
     * What the comment shows about one gate.
     *
     * @param capSeconds the per-workload cap (max_time_seconds), for the smallest detectable change; NaN when unknown
     * @param maxRounds  --max-rounds (0 when the file does not say)
     * @param htmlUrl    where a reader opens this gate's HTML report (e.g. its uploaded artifact); empty: no links
     * @param level      the heading level of the sections (3 in a gate's own comment, 4 under merge's host headings)
     */
    public record View(double capSeconds, int maxRounds, Optional<String> htmlUrl, int level) {
        public static final View PLAIN = new View(Double.NaN, 0, Optional.empty(), 3);

        /** A gate's own comment: the cap from its bench's method, no links (null: a file without one). */
        public static View of(ResultsDocument.BenchBody b) {
            ResultsDocument.Method m = b == null ? null : b.method();
            return new View(m == null ? Double.NaN : m.maxTimeSeconds(),
                    m == null || m.maxRounds() == null ? 0 : m.maxRounds(), Optional.empty(), 3);
        }
    }

    /** The sections (or, without suites, the workloads' tables), the notes, and the report's links. */
    public static String body(ResultsDocument.GateBody g, List<ResultsDocument.Workload> workloads, View view) {
        StringBuilder s = new StringBuilder();
        List<ResultsDocument.Workload> suites = workloads.stream().filter(w -> isSuite(g, w)).toList();
        List<ResultsDocument.Workload> program = workloads.stream().filter(w -> !isSuite(g, w)).toList();
        if (g.program() != null && g.microbench() != null) {
            section(s, g, "Program", g.program(), program, view);
            section(s, g, "Microbench", g.microbench(), suites, view);
        } else {
            if (g.microbench() != null) {
                s.append(Md.text(g.microbench())).append("\n\n");
            }
            boolean calm = !g.measures().isEmpty() && g.measuresOutOfBounds() == 0 && g.measuresInconclusive() == 0;
            workloads.forEach(w -> s.append(workload(g, w, calm, view)));
        }
        g.notes().forEach(n -> s.append("- ").append(Md.text(n)).append('\n'));
        view.htmlUrl().ifPresent(u -> s.append(g.notes().isEmpty() ? "" : "\n").append("[HTML report](")
                .append(url(u)).append(") (charts, every sample").append(hasFlames(workloads) ? ", flamegraphs" : "")
                .append(")\n"));
        return s.toString();
    }

    private static void section(StringBuilder s, ResultsDocument.GateBody g, String title, String line,
                                List<ResultsDocument.Workload> ws, View view) {
        s.append("#".repeat(view.level())).append(' ').append(title).append("\n\n").append(Md.text(line)).append("\n\n");
        boolean calm = line.startsWith(title + ": all ");
        ws.forEach(w -> s.append(workload(g, w, calm, view)));
    }

    /** A suite's workload: one whose measures or comparisons are a suite's benchmarks. */
    public static boolean isSuite(ResultsDocument.GateBody g, ResultsDocument.Workload w) {
        return g.measures().stream().anyMatch(m -> m.workload().equals(w.name()) && Microbench.isBenchmark(m.metric()))
                || w.comparisons() != null && w.comparisons().stream().anyMatch(c -> Microbench.isBenchmark(c.metric()));
    }

    /** One workload: its heading and decisions, its table (collapsed when long or calm), noise and flamegraph links. */
    static String workload(ResultsDocument.GateBody g, ResultsDocument.Workload w, boolean calm, View view) {
        StringBuilder s = new StringBuilder();
        List<List<String>> rows = GateReport.rows(g, w, true);
        s.append("**").append(Md.text(w.name())).append("** (").append(w.rounds()).append(" rounds)\n\n");
        Decisions.gate(g, w).ifPresent(line -> s.append(Md.text(line)).append("<br>\nstopped: ")
                .append(Md.text(w.stopReason())).append("\n\n"));
        int n = rows.size() - 1;
        boolean collapse = n > OPEN_ROWS || calm;
        if (collapse) {
            // what is not within bounds stays open above the folded table: a reader never has to unfold a failure
            List<List<String>> failing = rows.subList(1, rows.size()).stream()
                    .filter(r -> r.stream().anyMatch(c -> c.contains("❌") || c.contains("❔"))).toList();
            if (!failing.isEmpty()) {
                table(s, rows.get(0), failing);
                s.append('\n');
            }
            s.append("<details><summary>").append(Html.text(w.name())).append(": ").append(failing.isEmpty() ? "" : "all ")
                    .append(n).append(n == 1 ? " row" : " rows").append(calm ? ", all within bounds" : "")
                    .append("</summary>\n\n");
        }
        table(s, rows.get(0), rows.subList(1, rows.size()));
        s.append(collapse ? "\n</details>\n\n" : "\n");
        RunnerNoise.line(g, w, view.capSeconds(), view.maxRounds()).ifPresent(l -> s.append(Md.text(l)).append("\n\n"));
        view.htmlUrl().ifPresent(u -> flames(s, w, u));
        return s.toString();
    }

    private static void table(StringBuilder s, List<String> head, List<List<String>> rows) {
        s.append("| ").append(String.join(" | ", head)).append(" |\n");
        s.append("|").append("---|".repeat(head.size())).append('\n');
        rows.forEach(r -> s.append("| ").append(String.join(" | ", r)).append(" |\n"));
    }

    /** "Differential flamegraphs: [pgo vs release](URL#diff....)", one link per compared pair with flamegraphs. */
    private static void flames(StringBuilder s, ResultsDocument.Workload w, String url) {
        var f = w.flamegraphsOrEmpty();
        List<String> links = (w.comparisons() == null ? List.<ResultsDocument.ComparisonEntry>of() : w.comparisons())
                .stream().filter(c -> f.containsKey(c.baseline()) && f.containsKey(c.candidate()))
                .map(c -> "[" + Md.text(c.candidate() + " vs " + c.baseline()) + "](" + url(url) + "#"
                        + Html.diffAnchor(w.name(), c.candidate(), c.baseline()) + ")").distinct().toList();
        if (!links.isEmpty()) {
            s.append("Differential flamegraphs: ").append(String.join(", ", links)).append("\n\n");
        }
    }

    private static boolean hasFlames(List<ResultsDocument.Workload> ws) {
        return ws.stream().anyMatch(w -> !w.flamegraphsOrEmpty().isEmpty());
    }

    /** An address as a Markdown link target: spaces and parentheses escaped, so the link cannot end early. */
    static String url(String u) {
        return u.strip().replace(" ", "%20").replace("(", "%28").replace(")", "%29").replace("<", "%3C")
                .replace(">", "%3E");
    }
}
