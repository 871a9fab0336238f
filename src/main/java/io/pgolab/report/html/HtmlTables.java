package io.pgolab.report.html;

import io.pgolab.bench.Potential;
import io.pgolab.report.Bounds;
import io.pgolab.report.Html;
import io.pgolab.report.PotentialWorth;
import io.pgolab.report.json.ResultsDocument;
import io.pgolab.report.text.BenchText;
import io.pgolab.report.text.LadderReport;
import io.pgolab.util.Strings;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The report's tables as HTML, from the results records; every foreign string through {@link Html#text}. */
public final class HtmlTables {
    private HtmlTables() {
    }

    /** The terminal's table of one workload: a row per comparison, the pair's gated metrics first. */
    static String bench(ResultsDocument.Workload w) {
        return bench(w, java.util.Optional.empty());
    }

    /** The same; under a gate a bounded measure's verdict is the gate's, as in its table (one word per outcome). */
    static String bench(ResultsDocument.Workload w, java.util.Optional<ResultsDocument.GateBody> gate) {
        StringBuilder s = new StringBuilder("<table class=\"results\"><thead><tr><th>baseline → candidate</th><th>metric</th>"
                + "<th>baseline</th><th>candidate</th><th>change</th><th>95% CI</th><th>p</th><th>verdict</th></tr></thead><tbody>\n");
        for (ResultsDocument.ComparisonEntry c : ordered(w.comparisons())) {
            double lo = (c.ciLow() - 1) * 100;
            double hi = (c.ciHigh() - 1) * 100;
            int d = Bounds.decimals(c.minEffect() * 100, lo, hi);
            s.append("<tr><td>").append(Html.text(c.baseline())).append(" → ").append(Html.text(c.candidate()))
                    .append("</td><td>").append(Html.text(c.metric())).append(c.gated() ? " <small>(gated)</small>" : "")
                    .append("</td><td class=\"num\">").append(Html.text(BenchText.value(c.baselineMedian(), c.unit())))
                    .append("</td><td class=\"num\">").append(Html.text(BenchText.value(c.candidateMedian(), c.unit())))
                    .append("</td><td class=\"num\">").append(String.format(Locale.ROOT, "%+.1f%%", (c.ratio() - 1) * 100))
                    .append("</td><td class=\"num\">[").append(Bounds.signed(lo, d)).append("%, ").append(Bounds.signed(hi, d))
                    .append("%]</td><td class=\"num\">").append(BenchText.p(c.pValue())).append("</td>")
                    .append(verdictCell(gateVerdict(gate, w, c).orElse(c.verdict()))).append("</tr>\n");
        }
        return s.append("</tbody></table>\n").toString();
    }

    /** A comparison's status as its gate decided it, when it is one of the gate's measures. */
    static java.util.Optional<String> gateVerdict(java.util.Optional<ResultsDocument.GateBody> gate,
                                                  ResultsDocument.Workload w, ResultsDocument.ComparisonEntry c) {
        return gate.flatMap(g -> g.measures().stream().filter(m -> m.workload().equals(w.name())
                && c.candidate().endsWith(":" + m.variant()) && m.metric().equals(c.metric())).findFirst())
                .map(ResultsDocument.MeasureEntry::verdict);
    }

    public static List<ResultsDocument.ComparisonEntry> ordered(List<ResultsDocument.ComparisonEntry> cs) {
        if (cs == null) {
            return List.of();
        }
        return cs.stream().sorted((a, b) -> {
            int pair = (a.baseline() + a.candidate()).compareTo(b.baseline() + b.candidate());
            return pair != 0 ? pair : Boolean.compare(!a.gated(), !b.gated());
        }).toList();
    }

    /** A verdict in words ("within bounds", "no change"), its class the recorded value. */
    static String verdictCell(String verdict) {
        return "<td class=\"verdict-cell v-" + Html.text(verdict) + "\">" + Html.text(verdict.replace('_', ' ')) + "</td>";
    }

    /** The ladder's table: each step's build time and size beside its gain (with CI) over the first step. */
    static String ladder(ResultsDocument.LadderBody l, String workload) {
        StringBuilder s = new StringBuilder("<table class=\"results\"><thead><tr><th>step</th><th>build CPU (total)</th>"
                + "<th>wall (total)</th>"
                + "<th>binary</th><th>gain vs first step</th><th>verdict</th><th>gain vs previous</th><th>verdict</th>"
                + "</tr></thead><tbody>\n");
        StringBuilder advice = new StringBuilder();
        for (ResultsDocument.Step st : l.steps()) {
            if (!st.workload().equals(workload)) {
                continue;
            }
            s.append("<tr><td>").append(Html.text(st.variant())).append("</td><td class=\"num\">")
                    .append(LadderReport.cpu(st.buildCpuSeconds(), st.pipelineCpuSeconds())).append("</td><td class=\"num\">")
                    .append(LadderReport.seconds(st.buildSeconds(), st.pipelineSeconds()))
                    .append("</td><td class=\"num\">").append(Strings.humanBytes(st.binaryBytes())).append("</td>")
                    .append(gain(st.vsRelease())).append(gain(st.vsPrevious())).append("</tr>\n");
            if (st.vsPrevious() != null && st.recommendation() != null) {
                advice.append("<li>").append(Html.text(st.recommendation())).append("</li>");
            }
        }
        s.append("</tbody></table>\n");
        return advice.length() == 0 ? s.toString() : s + "<ul class=\"advice\">" + advice + "</ul>\n";
    }

    private static String gain(ResultsDocument.Gain g) {
        if (g == null) {
            return "<td>–</td><td class=\"verdict-cell\">baseline</td>";
        }
        return String.format(Locale.ROOT, "<td class=\"num\">%+.1f%% [%+.1f, %+.1f]</td>", g.gainPercent(), g.ciLowPercent(),
                g.ciHighPercent()) + verdictCell(g.verdict());
    }

    /** The gate's measures: each bounded metric of each variant, with its bound and status. */
    static String gate(ResultsDocument.GateBody g) {
        StringBuilder s = new StringBuilder("<table class=\"results\"><thead><tr><th>workload</th><th>variant</th><th>measure</th>"
                + "<th>base</th><th>candidate</th><th>change</th><th>95% CI</th><th>worst end</th><th>bound</th><th>verdict</th>"
                + "</tr></thead><tbody>\n");
        for (ResultsDocument.MeasureEntry m : g.measures()) {
            s.append("<tr><td>").append(Html.text(m.workload())).append("</td><td>").append(Html.text(m.variant()))
                    .append("</td><td>").append(Html.text(m.metric())).append("</td><td class=\"num\">")
                    .append(Html.text(BenchText.value(m.baseMedian(), m.unit()))).append("</td><td class=\"num\">")
                    .append(Html.text(BenchText.value(m.candidateMedian(), m.unit())))
                    .append(String.format(Locale.ROOT, "</td><td class=\"num\">%+.1f%%</td><td class=\"num\">[%+.2f%%, %+.2f%%]"
                            + "</td><td class=\"num\">%+.2f%%</td><td class=\"num\">+%s%%</td>", m.changePercent(), m.ciLowPercent(),
                            m.ciHighPercent(), m.worstPercent(), plain(m.boundPercent())))
                    .append(verdictCell(m.verdict())).append("</tr>\n");
        }
        return s.append("</tbody></table>\n").toString();
    }

    /** The variants a build or demo made: phase, build time (wall and CPU), size, whether cached. */
    static String variants(List<ResultsDocument.VariantEntry> vs) {
        StringBuilder s = new StringBuilder("<table class=\"results\"><thead><tr><th>variant</th><th>phase</th>"
                + "<th>build</th><th>CPU</th><th>binary</th><th>cached</th></tr></thead><tbody>\n");
        for (ResultsDocument.VariantEntry v : vs) {
            s.append("<tr><td>").append(Html.text(v.name())).append("</td><td>").append(Html.text(v.phase()))
                    .append(String.format(Locale.ROOT, "</td><td class=\"num\">%.1fs</td><td class=\"num\">%s</td>"
                            + "<td class=\"num\">", v.buildSeconds(), v.buildCpuSeconds() == null ? "–"
                            : String.format(Locale.ROOT, "%.1fs", v.buildCpuSeconds())))
                    .append(Strings.humanBytes(v.binaryBytes())).append("</td><td>")
                    .append(v.cached() == null ? "" : v.cached() ? "yes" : "no").append("</td></tr>\n");
        }
        return s.append("</tbody></table>\n").toString();
    }

    /** The machine and the tools: the envelope's environment record as key/value rows. */
    static String environment(ResultsDocument.Envelope e) {
        StringBuilder s = new StringBuilder("<table class=\"env\"><tbody>\n");
        row(s, "host", e.host());
        row(s, "project", e.project());
        row(s, "config", e.config());
        row(s, "toolchain", e.toolchain());
        row(s, "pgolab", e.pgolabVersion());
        row(s, "written", e.createdAt());
        if (e.environment() != null) {
            e.environment().forEach((k, v) -> row(s, k, String.valueOf(v)));
        }
        if (e.toolVersions() != null) {
            e.toolVersions().forEach((k, v) -> row(s, k, v));
        }
        return s.append("</tbody></table>\n").toString();
    }

    private static void row(StringBuilder s, String key, String value) {
        if (value != null) {
            s.append("<tr><th>").append(Html.text(key)).append("</th><td>").append(Html.text(value)).append("</td></tr>\n");
        }
    }

    static String list(List<String> items, String cls) {
        StringBuilder s = new StringBuilder("<ul class=\"" + cls + "\">");
        items.forEach(i -> s.append("<li>").append(Html.text(i)).append("</li>"));
        return s.append("</ul>\n").toString();
    }

    static String potential(Map<String, Potential> p) {
        StringBuilder s = new StringBuilder();
        if (p != null) {
            p.forEach((v, x) -> s.append("<p>PGO potential of ").append(Html.text(v)).append(": ")
                    .append(Html.text(x.summary() + PotentialWorth.suffix(v, p))).append("</p>\n"));
        }
        return s.toString();
    }

    private static String plain(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
