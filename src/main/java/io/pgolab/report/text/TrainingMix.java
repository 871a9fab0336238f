package io.pgolab.report.text;

import io.pgolab.profile.ProfileRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * What each training workload put into a merged profile, as reports print it: its share of the merged
 * counts, the share it asked for and the weight the merge used; and, with a base training, how much of
 * the counts came from the base and how much from the user's own workloads.
 */
final class TrainingMix {
    private TrainingMix() {
    }

    /** "counts    tests (base) 25.0% (share 25%, weight 3), typical 75.0% (weight 1)\n", or "" with nothing recorded. */
    static String lines(ProfileRecord r) {
        if (r.contributions().isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (ProfileRecord.Contribution c : r.contributions()) {
            parts.add(String.format("%s%s %s (%sweight %d)", c.name(), c.base() ? " (base)" : "", percent(c.share()),
                    c.askedShare() > 0 ? "share " + percent(c.askedShare()) + ", " : "", c.weight()));
        }
        StringBuilder s = new StringBuilder("counts    ").append(String.join(", ", parts)).append('\n');
        if (r.contributions().stream().anyMatch(ProfileRecord.Contribution::base)) {
            s.append(String.format("base      %s of the merged counts come from the base training, %s from your own"
                    + " workloads%n", percent(r.baseShare()), percent(1 - r.baseShare())));
        }
        return s.toString();
    }

    static String percent(double share) {
        double p = 100 * share;
        return Math.abs(p - Math.rint(p)) < 0.05 ? String.format("%.0f%%", p) : String.format("%.1f%%", p);
    }
}
