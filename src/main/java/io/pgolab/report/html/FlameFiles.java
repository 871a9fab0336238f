package io.pgolab.report.html;

import io.pgolab.measure.perf.Flamegraph;
import io.pgolab.report.Html;
import io.pgolab.report.json.ReportDocs;
import io.pgolab.report.json.ResultsDocument;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The standalone SVG flamegraphs written beside an HTML report: {@code REPORT.flame.WORKLOAD.VARIANT.svg} per
 * variant and {@code REPORT.diff.WORKLOAD.CANDIDATE-vs-BASELINE.svg} per compared pair (names made file-safe).
 */
public final class FlameFiles {
    private FlameFiles() {
    }

    /** File name suffix → SVG, for every workload with flamegraphs. */
    public static Map<String, String> of(ResultsDocument d) {
        Map<String, String> out = new LinkedHashMap<>();
        ResultsDocument.BenchBody b = ReportDocs.bench(d);
        if (b == null || b.workloads() == null) {
            return out;
        }
        for (ResultsDocument.Workload w : b.workloads()) {
            Map<String, Flamegraph> f = w.flamegraphsOrEmpty();
            f.forEach((v, g) -> out.put("flame." + safe(w.name()) + "." + safe(v) + ".svg",
                    FlameSvg.render(w.name() + ": " + v, g, null, null)));
            Set<String> pairs = new LinkedHashSet<>();
            for (ResultsDocument.ComparisonEntry c : w.comparisons() == null ? List.<ResultsDocument.ComparisonEntry>of()
                    : w.comparisons()) {
                if (f.containsKey(c.baseline()) && f.containsKey(c.candidate()) && pairs.add(c.candidate() + " vs " + c.baseline())) {
                    out.put(Html.diffAnchor(w.name(), c.candidate(), c.baseline()) + ".svg",
                            FlameSvg.render(w.name() + ": " + c.candidate() + " vs " + c.baseline() + " (differential)",
                                    f.get(c.candidate()), c.baseline(), f.get(c.baseline())));
                }
            }
        }
        return out;
    }

    /** FILE's sibling for a suffix: report.html + flame.x.svg → report.flame.x.svg. */
    public static Path beside(Path file, String suffix) {
        String name = file.getFileName().toString();
        String stem = name.endsWith(".html") ? name.substring(0, name.length() - 5) : name;
        return file.resolveSibling(stem + "." + suffix);
    }

    public static String safe(String s) {
        return Html.fileSafe(s);
    }
}
