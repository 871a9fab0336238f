package io.pgolab.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The [[train]] share key: the fraction of a merged profile's counts a workload is to contribute. A
 * share is in (0, 1] and replaces weight (one or the other); either every [[train]] entry has a share
 * or none has (a weight multiplies a workload's own counts, a share fixes its part of the total: the
 * two do not mix); the shares of one profile set (the untagged workloads, or those of one
 * profile = "TAG") add up to at most 1. A merged set whose shares add up to less than 1 (plain pgo over
 * tagged workloads, or shares left below 1 on purpose) has them scaled up to 1.
 */
final class TrainShares {
    private static final double EPSILON = 1e-9;

    private TrainShares() {
    }

    /** The entry's share (0 when it has none), checked alone: its range, and no weight beside it. */
    static double share(TableReader r, ConfigProblems problems) {
        if (!r.has("share")) {
            return 0;
        }
        double share = r.number("share", 0, "share = 0.5   (half of the merged profile's counts)");
        if (!ValueChecks.inRange(r, "share", "share", share, 0, true, 1, "a fraction of the merged profile's counts",
                "share = 0.5   (half of the merged profile's counts come from this workload)", problems)) {
            return 0;
        }
        if (r.has("weight")) {
            problems.add(r.line("share"), r.qualified("share"), "a workload takes 'weight' or 'share', not both",
                    "remove weight (line " + r.line("weight") + "): share already says how much this workload counts");
            return 0;
        }
        return share;
    }

    /** The rules across entries: shares on all or none, and at most 1 per profile set. */
    static void checkSets(List<WorkloadSpec> train, ConfigProblems problems) {
        List<WorkloadSpec> with = train.stream().filter(WorkloadSpec::hasShare).toList();
        if (with.isEmpty()) {
            return;
        }
        for (WorkloadSpec w : train) {
            if (!w.hasShare()) {
                problems.add(w.line(), "train." + w.name() + ".share", "this [[train]] entry has no share, but "
                        + names(with) + (with.size() == 1 ? " has one" : " have one") + ": give every entry a share or"
                        + " none (a weight multiplies a workload's own counts, a share fixes its part of the total)",
                        "share = 0.2   (or remove share from the others and use weight)");
            }
        }
        Map<String, List<WorkloadSpec>> sets = new LinkedHashMap<>();
        for (WorkloadSpec w : with) {
            if (w.profileTags().isEmpty()) {
                sets.computeIfAbsent("", k -> new ArrayList<>()).add(w);
            }
            w.profileTags().forEach(t -> sets.computeIfAbsent(t, k -> new ArrayList<>()).add(w));
        }
        sets.forEach((tag, ws) -> {
            double sum = ws.stream().mapToDouble(WorkloadSpec::share).sum();
            if (sum > 1 + EPSILON) {
                WorkloadSpec last = ws.get(ws.size() - 1);
                problems.add(last.line(), "train." + last.name() + ".share", "the shares of " + names(ws)
                        + (tag.isEmpty() ? "" : " (profile = \"" + tag + "\")") + " add up to "
                        + ValueChecks.format(Math.round(sum * 1e6) / 1e6) + ", more than the whole profile (1)",
                        "lower them to add up to 1 at most, e.g. share = 0.25 for a base and 0.75 among your workloads"
                                + " (shares that add up to less than 1 are scaled up to 1)");
            }
        });
    }

    private static String names(List<WorkloadSpec> ws) {
        return String.join(", ", ws.stream().map(w -> "'" + w.name() + "'").distinct().toList());
    }
}
