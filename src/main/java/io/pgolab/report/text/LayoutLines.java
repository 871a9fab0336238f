package io.pgolab.report.text;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.LayoutCheck;
import io.pgolab.stats.Comparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The layout check's lines under a workload's table (terminal and Markdown): the noise, and each change against it. */
final class LayoutLines {
    private LayoutLines() {
    }

    static List<String> of(BenchResults.WorkloadResult w) {
        List<String> lines = new ArrayList<>();
        if (w.layout().isEmpty()) {
            return lines;
        }
        LayoutCheck l = w.layout().get();
        lines.add("layout check: " + l.description());
        for (Comparison c : l.comparisons()) {
            String[] ci = BenchText.ci(c);
            lines.add(String.format(Locale.ROOT, "  %s: %s vs %s %+.1f%% [%s%%, %s%%], p %s: layout alone moved %s by up to %.1f%%",
                    c.metric(), c.candidate(), c.baseline(), c.changePercent(), ci[0], ci[1], BenchText.p(c.pValue()),
                    c.metric(), l.boundPercent(c.metric()).orElse(Double.NaN)));
        }
        for (Comparison c : w.comparisons()) {
            Optional<Boolean> beyond = l.beyond(c);
            if (beyond.isEmpty() || !w.primary().contains(c.metric())) {
                continue;
            }
            String[] ci = BenchText.ci(c);
            double bound = l.boundPercent(c.metric()).orElseThrow();
            lines.add(String.format(Locale.ROOT, "  %s %s %+.1f%% [%s%%, %s%%]: %s", c.candidate(), c.metric(),
                    c.changePercent(), ci[0], ci[1], beyond.get() ? "beyond the layout noise"
                            : String.format(Locale.ROOT, "within the layout bound (%.1f%%): this change may be where the"
                            + " code lies, not the optimization%s", bound, bound > 2 * c.minEffect() * 100
                            ? "; the bound is wide, more rounds (--max-time) narrow it" : "")));
        }
        l.problem().ifPresent(p -> lines.add("warning: " + p));
        return lines;
    }
}
