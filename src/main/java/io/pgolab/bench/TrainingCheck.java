package io.pgolab.bench;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.pipeline.AgainstBench;
import io.pgolab.pipeline.TrainingMatch;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The automatic "does training match the benchmark?" after a bench or ladder: when a profile-guided
 * variant's gated verdict against a variant without a profile is regressed or inconclusive, the bench
 * workloads where that happened are run once on the instrumented binary and compared with training
 * ({@link AgainstBench}). It never fails the bench: a problem becomes a warning.
 */
public final class TrainingCheck {
    private TrainingCheck() {
    }

    /** The checks to run: per profile set, the bench workloads where a pgo variant regressed or was inconclusive. */
    static Map<String, List<String>> wanted(BenchResults r) {
        List<String> gated = r.gated();
        Map<String, List<String>> sets = new LinkedHashMap<>();
        for (BenchResults.WorkloadResult w : r.workloads()) {
            for (Comparison c : w.comparisons()) {
                var candidate = Variant.byName(c.candidate());
                boolean baselinePgo = Variant.byName(c.baseline()).map(Variant::pgo).orElse(true);
                if (candidate.isPresent() && candidate.get().pgo() && !baselinePgo && gated.contains(c.metric())
                        && (c.verdict() == Verdict.REGRESSED || c.verdict() == Verdict.INCONCLUSIVE)) {
                    List<String> names = sets.computeIfAbsent(candidate.get().profileSet(), k -> new ArrayList<>());
                    if (!names.contains(w.name())) {
                        names.add(w.name());
                    }
                }
            }
        }
        return sets;
    }

    /** Runs the checks a bench calls for (none when disabled or in deterministic mode); never throws a UserError. */
    public static List<TrainingMatch> afterBench(BenchContext c, BenchResults r, boolean enabled) {
        if (!enabled || r.deterministic() || !c.config().needsProfile()) {
            return List.of();
        }
        List<TrainingMatch> out = new ArrayList<>();
        for (var e : wanted(r).entrySet()) {
            c.events().note("PGO regressed or was inconclusive on " + String.join(", ", e.getValue())
                    + ": checking whether training matches the benchmark (one run of each on the instrumented binary;"
                    + " --no-training-check skips this)");
            try {
                out.add(new AgainstBench(c.config(), c.toolchain(), c.store(), c.runner(), c.events())
                        .run(e.getKey(), AgainstBench.TOP, e.getValue()));
            } catch (UserError | java.io.UncheckedIOException err) {   // a diagnosis must never cost the bench its results
                c.events().warn("training check not done: " + String.valueOf(err.getMessage()).lines().findFirst().orElse(""));
            }
        }
        return out;
    }
}
