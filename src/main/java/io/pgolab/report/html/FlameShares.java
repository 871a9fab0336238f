package io.pgolab.report.html;

import io.pgolab.measure.perf.Flamegraph;
import io.pgolab.report.Html;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Each function's share of a profile's samples: self (samples whose leaf frame it is) and total (samples with it
 * anywhere on the stack, counted once per stack), and how the shares changed from a base profile to a candidate:
 * the list the differential flamegraph leads to. Shares are of each profile's own total, so runs of different length
 * compare. A function the candidate no longer shows (inlined into its caller by PGO, say) has share 0 there.
 */
final class FlameShares {
    /** beyond: the change of self share is beyond its 95% sampling error ({@link SamplingError}). */
    record Change(String function, double baseSelf, double candidateSelf, double baseTotal, double candidateTotal,
                  boolean beyond) {
        double selfChange() {
            return candidateSelf - baseSelf;
        }
    }

    private FlameShares() {
    }

    /** function → {self, total} share (0..1); the process name (each stack's root) is not a function. */
    static Map<String, double[]> of(Flamegraph f) {
        Map<String, double[]> out = new HashMap<>();
        double all = samples(f);
        f.stacks().forEach((stack, n) -> {
            String[] frames = stack.split(";", -1);
            if (frames.length < 2) {
                return;
            }
            out.computeIfAbsent(frames[frames.length - 1], k -> new double[2])[0] += n / all;
            Set<String> seen = new HashSet<>();
            for (int i = 1; i < frames.length; i++) {
                if (seen.add(frames[i])) {
                    out.computeIfAbsent(frames[i], k -> new double[2])[1] += n / all;
                }
            }
        });
        return out;
    }

    /** The top functions by the size of their change of self share, largest first. */
    static List<Change> changes(Flamegraph base, Flamegraph candidate, int top) {
        Map<String, double[]> b = of(base);
        Map<String, double[]> c = of(candidate);
        long nb = samples(base);
        long nc = samples(candidate);
        Set<String> names = new HashSet<>(b.keySet());
        names.addAll(c.keySet());
        List<Change> out = new ArrayList<>();
        double[] none = new double[2];
        for (String n : names) {
            double[] x = b.getOrDefault(n, none);
            double[] y = c.getOrDefault(n, none);
            out.add(new Change(n, x[0], y[0], x[1], y[1],
                    SamplingError.beyond(Math.round(y[0] * nc), nc, Math.round(x[0] * nb), nb)));
        }
        out.sort(Comparator.comparingDouble((Change ch) -> -Math.abs(ch.selfChange())).thenComparing(Change::function));
        return out.subList(0, Math.min(top, out.size()));
    }

    /** The samples of a profile's stacks (the shares' denominator; at least 1). */
    static long samples(Flamegraph f) {
        return Math.max(1, f.stacks().values().stream().mapToLong(Long::longValue).sum());
    }

    /** The changes as an HTML table; a change within the sampling error is not coloured and says so. */
    static String table(String baseName, String candidateName, List<Change> changes) {
        StringBuilder s = new StringBuilder("<table class=\"results shares\"><thead><tr><th>function</th><th>self in ")
                .append(Html.text(baseName)).append("</th><th>self in ").append(Html.text(candidateName))
                .append("</th><th>change</th><th>total in ").append(Html.text(baseName)).append("</th><th>total in ")
                .append(Html.text(candidateName)).append("</th></tr></thead><tbody>\n");
        for (Change c : changes) {
            s.append("<tr><td><code>").append(Html.text(c.function())).append("</code></td>")
                    .append(String.format(Locale.ROOT, "<td class=\"num\">%.1f%%</td><td class=\"num\">%.1f%%</td>"
                                    + "<td class=\"num %s\">%+.1f points%s</td><td class=\"num\">%.1f%%</td><td class=\"num\">%.1f%%</td></tr>%n",
                            c.baseSelf() * 100, c.candidateSelf() * 100,
                            !c.beyond() ? "noise" : c.selfChange() > 0 ? "more" : "less", c.selfChange() * 100,
                            c.beyond() ? "" : " <small>(within the sampling error)</small>", c.baseTotal() * 100,
                            c.candidateTotal() * 100));
        }
        return s.append("</tbody></table>\n").toString();
    }
}
