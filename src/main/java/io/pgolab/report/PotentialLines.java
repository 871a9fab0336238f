package io.pgolab.report;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.Potential;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Why a server's gated CPU figure is inconclusive when the program's own code is a small part of
 * its CPU: PGO changes only that part, so a plausible gain there is smaller than the noise. Read
 * from the PGO potential of the baseline variant (per role when the workload names roles).
 */
public final class PotentialLines {
    /** Below this own-code share (percent) the figure is explained. */
    static final double SMALL_OWN_SHARE = 50;
    /** The gain in own code the explanation assumes: generous for PGO. */
    static final double ASSUMED_OWN_GAIN = 0.20;

    private PotentialLines() {
    }

    public static List<String> of(BenchResults.WorkloadResult w, List<String> gated) {
        List<String> out = new ArrayList<>();
        if (w.potential().isEmpty()) {
            return out;
        }
        for (Comparison c : w.comparisons()) {
            if (c.verdict() != Verdict.INCONCLUSIVE || !gated.contains(c.metric()) || !c.metric().contains("cpu_time")) {
                continue;
            }
            String role = c.metric().contains(".") ? c.metric().substring(0, c.metric().indexOf('.')) : "";
            List<String> shares = new ArrayList<>();
            double maxOwn = -1;
            for (Map.Entry<String, Potential> e : w.potential().entrySet()) {
                String key = e.getKey();
                String variant = key.contains("/") ? key.substring(0, key.indexOf('/')) : key;
                String r = key.contains("/") ? key.substring(key.indexOf('/') + 1) : "";
                if (!variant.equals(c.baseline()) || (!role.isEmpty() && !r.equals(role)) || e.getValue().samples() == 0) {
                    continue;
                }
                maxOwn = Math.max(maxOwn, e.getValue().ownPercent());
                shares.add(String.format(Locale.ROOT, "%s%.0f%% (kernel %.0f%%)", r.isEmpty() ? "" : r + " ",
                        e.getValue().ownPercent(), e.getValue().kernelPercent()));
            }
            if (maxOwn < 0 || maxOwn >= SMALL_OWN_SHARE) {
                continue;
            }
            out.add(String.format(Locale.ROOT, "why %s of %s is inconclusive: the program's own code is only %s of the"
                            + " CPU of %s, and PGO changes only that part; even %.0f%% faster own code would move %s by"
                            + " about %.1f%% at most, against a 95%% CI of ±%.1f%% at this noise",
                    c.candidate(), c.metric(), String.join(", ", shares), c.baseline(), ASSUMED_OWN_GAIN * 100,
                    c.metric(), ASSUMED_OWN_GAIN * maxOwn, c.halfWidthPercent()));
        }
        return out;
    }
}
