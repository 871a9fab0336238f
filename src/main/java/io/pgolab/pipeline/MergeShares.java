package io.pgolab.pipeline;

import io.pgolab.config.WorkloadSpec;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.toolchain.MergeResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** What each workload of a merge contributed, by name with its base flag, and where a share missed its mark. */
final class MergeShares {
    /** A share more than this far (absolute) from the one asked is warned about. */
    static final double TOLERANCE = 0.02;

    private MergeShares() {
    }

    /** The merge's parts as a record lists them: asked shares scaled so that the merged ones add up to 1. */
    static List<ProfileRecord.Contribution> of(List<WorkloadSpec> set, List<MergeResult.Part> parts) {
        Map<String, WorkloadSpec> byName = set.stream().collect(Collectors.toMap(WorkloadSpec::name, Function.identity(),
                (a, b) -> a));
        double asked = parts.stream().mapToDouble(MergeResult.Part::askedShare).sum();
        List<ProfileRecord.Contribution> out = new ArrayList<>();
        for (MergeResult.Part p : parts) {
            WorkloadSpec w = byName.get(p.workload());
            out.add(new ProfileRecord.Contribution(p.workload(), w != null && w.base(), p.counts(), p.weight(),
                    asked > 0 ? p.askedShare() / asked : 0, p.share()));
        }
        return out;
    }

    /** One warning per workload whose share of the merged counts is off by more than TOLERANCE. */
    static List<String> warnings(List<ProfileRecord.Contribution> parts) {
        List<String> out = new ArrayList<>();
        for (ProfileRecord.Contribution c : parts) {
            if (c.askedShare() > 0 && Math.abs(c.share() - c.askedShare()) > TOLERANCE) {
                out.add(String.format("training workload '%s' makes %.1f%% of the merged counts, not the %.1f%% its share"
                        + " asks: the merge takes whole-number weights up to a cap, and its counts are %s than the others'"
                        + " by more than the cap allows", c.name(), 100 * c.share(), 100 * c.askedShare(),
                        c.share() > c.askedShare() ? "so much fewer" : "so many more"));
            }
        }
        return out;
    }
}
