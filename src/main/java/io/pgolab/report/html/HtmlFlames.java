package io.pgolab.report.html;

import io.pgolab.report.Html;
import java.util.List;

/** A workload's flamegraphs in the report: one figure per variant, then each differential with its shares table. */
final class HtmlFlames {
    private HtmlFlames() {
    }

    static String section(List<HtmlData.Flame> flames) {
        if (flames.isEmpty()) {
            return "";
        }
        StringBuilder b = new StringBuilder("<h4>Flamegraphs</h4>\n<p class=\"note\">")
                .append(Html.text(flames.get(0).profile().describe()))
                .append(". Hover a frame for its samples and share, click to zoom, search to highlight and sum matches."
                        + " The differential graph is the candidate's, each frame coloured by the change of its share of"
                        + " all samples: red more, blue less, grey where the change is within the 95% sampling error of the"
                        + " two runs' samples (two-proportion test: as likely noise as a change). A function inlined into its caller is not on the stacks: its"
                        + " time shows in the caller.</p>\n");
        for (HtmlData.Flame f : flames) {
            // a differential figure's id is its SVG file's name (FlameFiles), the anchor a PR comment links to
            b.append("<figure class=\"flame-box").append(f.base() == null ? "\"" : " diff\" id=\"" + Html.text(
                    Html.diffAnchor(f.workload(), f.variant(), f.baseVariant())) + "\"").append("><figcaption>")
                    .append(Html.text(f.title())).append(f.base() == null ? "" : " <small>(differential)</small>")
                    .append(" — ").append(Html.text(f.profile().describe())).append("</figcaption>\n<div class=\"flame\" id=\"")
                    .append(f.id()).append("\"></div>\n");
            if (f.base() != null) {
                long n = FlameShares.samples(f.profile());
                long n0 = FlameShares.samples(f.base());
                b.append("<p class=\"note threshold\">").append(Html.text(SamplingError.describe(n, n0))).append(".</p>\n");
                List<FlameSvg.BaseOnly> gone = FlameSvg.baseOnly(f.profile(), f.base(), FlameSvg.LISTED);
                if (!gone.isEmpty()) {
                    b.append("<p class=\"note\">Functions only in ").append(Html.text(f.baseVariant()))
                            .append(" (on none of ").append(Html.text(f.variant()))
                            .append("'s stacks, so without width in its graph; e.g. inlined into their caller), by samples"
                                    + " with callees:</p>\n")
                            .append("<ul class=\"base-only\">");
                    gone.forEach(g -> b.append(g.beyond() ? "<li>" : "<li class=\"noise\">").append("<code>")
                            .append(Html.text(g.line())).append("</code></li>"));
                    b.append("</ul>\n");
                }
                b.append("<p class=\"note\">Functions whose share changed most, ").append(Html.text(f.baseVariant()))
                        .append(" → ").append(Html.text(f.variant())).append(" (self: samples in the function itself;"
                                + " total: with its callees; a function at 0% in one of them is not on its stacks, e.g."
                                + " inlined into its caller):</p>\n")
                        .append(FlameShares.table(f.baseVariant(), f.variant(), FlameShares.changes(f.base(), f.profile(), 10)));
            }
            b.append("</figure>\n");
        }
        return b.toString();
    }
}
