package io.pgolab.bench;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.Variant;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.pipeline.AgainstBench;
import io.pgolab.profile.TrainingMatch;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Verdict;
import io.pgolab.toolchain.ToolchainKind;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The automatic "does training match the benchmark?" of a bench or ladder ({@link AgainstBench}), at two moments:
 * before measuring, when no bench workload is like a training workload ({@link #trainingLike}), on every bench
 * workload; and after, when a profile-guided variant's gated verdict against a variant without a profile is regressed
 * or inconclusive, on the workloads where that happened (unless the profile set was checked before). What it found
 * gives each {@link Loss} its share and fix. It never fails the bench: a problem becomes a warning.
 */
public final class TrainingCheck {
    private final BenchContext c;
    private final String notRun;
    private final List<TrainingMatch> checks = new ArrayList<>();
    private final Map<String, String> failed = new LinkedHashMap<>();
    private final Set<String> checkedBefore = new HashSet<>();

    /** notRun: why the check does not run at all ({@link #notRun(boolean, boolean, boolean)}), "" when it does. */
    public TrainingCheck(BenchContext c, String notRun) {
        this.c = c;
        this.notRun = notRun;
    }

    /** Why the check does not run ("" when it does): the one place that says when it is off. */
    public static String notRun(boolean skipped, boolean noBuild, boolean deterministic) {
        if (skipped) {
            return "the training check was skipped (--no-training-check)";
        }
        if (noBuild) {
            return "the training check does not run with --no-build (it may build and train)";
        }
        return deterministic ? "the training check does not run with --deterministic" : "";
    }

    /**
     * Before measuring: when none of the bench workloads measured is like a training workload, checks each profile
     * set of the profile-guided variants on them all and says what it found.
     */
    public void before(List<Variant> variants, List<String> workloads) {
        if (!notRun.isEmpty() || !c.config().needsProfile()) {
            return;
        }
        List<WorkloadSpec> measured = c.config().bench().stream().filter(w -> workloads.contains(w.name())).toList();
        if (measured.isEmpty() || measured.stream().anyMatch(w -> trainingLike(c.config(), w))) {
            return;
        }
        List<String> sets = variants.stream().filter(Variant::pgo).map(Variant::profileSet).distinct().toList();
        if (sets.isEmpty()) {
            return;
        }
        c.events().note("no [[bench]] workload is like a [[train]] workload (the same name or command): checking"
                + " whether training matches the benchmark before measuring (one run of each on the instrumented"
                + " binary; --no-training-check skips this)");
        for (String set : sets) {
            checkedBefore.add(set);
            run(set, workloads).ifPresent(m -> m.workloads().forEach(b -> c.events().note("training check"
                    + (set.isEmpty() ? "" : " (@" + set + ")") + ": " + b.advice())));
        }
    }

    /** After measuring: checks where a pgo variant regressed or was inconclusive, unless done before. */
    public void after(BenchResults r) {
        if (!notRun.isEmpty() || r.deterministic() || !c.config().needsProfile()) {
            return;
        }
        for (var e : wanted(r).entrySet()) {
            if (checkedBefore.contains(e.getKey())) {
                continue;
            }
            c.events().note("PGO regressed or was inconclusive on " + String.join(", ", e.getValue())
                    + ": checking whether training matches the benchmark (one run of each on the instrumented binary;"
                    + " --no-training-check skips this)");
            run(e.getKey(), e.getValue());
        }
    }

    /** The checks done, before and after. */
    public List<TrainingMatch> checks() {
        return List.copyOf(checks);
    }

    /** The losses of these results, each with what the checks found about its workload. */
    public List<Loss> losses(BenchResults r) {
        return Losses.of(r, new Losses.Training(checks(), Map.copyOf(failed), notRun, guard(c)));
    }

    /** [toolchain] partial_training where the toolchain has it (gcc, clang, cargo); null elsewhere. */
    static Boolean guard(BenchContext c) {
        return ToolchainKind.of(c.toolchain().kind()).partialTraining() ? c.config().toolchain().partialTraining()
                : null;
    }

    private Optional<TrainingMatch> run(String set, List<String> workloads) {
        try {
            TrainingMatch m = new AgainstBench(c.config(), c.toolchain(), c.store(), c.runner(), c.events())
                    .run(set, AgainstBench.TOP, workloads);
            checks.add(m);
            return Optional.of(m);
        } catch (UserError | UncheckedIOException err) {   // a diagnosis must never cost the bench its results
            String why = String.valueOf(err.getMessage()).lines().findFirst().orElse("");
            failed.put(set, why);
            c.events().warn("training check not done: " + why);
            return Optional.empty();
        }
    }

    /**
     * A bench workload like a training workload: a [[train]] entry has its name, or its command once the placeholders
     * are filled in the same way (spaces between words aside).
     */
    static boolean trainingLike(Config config, WorkloadSpec bench) {
        String command = expanded(config, bench.command());
        return config.train().stream().anyMatch(t -> t.name().equals(bench.name())
                || !command.isEmpty() && expanded(config, t.command()).equals(command));
    }

    private static String expanded(Config config, String command) {
        if (command == null) {
            return "";
        }
        String s;
        try {
            s = config.render(command, "/pgolab/binary", 0, Map.of());
        } catch (IllegalArgumentException e) {   // a placeholder only one kind of entry has: compare as written
            s = command;
        }
        return s.strip().replaceAll("\\s+", " ");
    }

    /** The checks to run: per profile set, the bench workloads where a pgo variant regressed or was inconclusive. */
    static Map<String, List<String>> wanted(BenchResults r) {
        List<String> gated = r.gated();
        Map<String, List<String>> sets = new LinkedHashMap<>();
        for (BenchResults.WorkloadResult w : r.workloads()) {
            for (Comparison x : w.comparisons()) {
                if (gated.contains(x.metric()) && Losses.pgoAgainstNoProfile(x.baseline(), x.candidate())
                        && (x.verdict() == Verdict.REGRESSED || x.verdict() == Verdict.INCONCLUSIVE)) {
                    List<String> names = sets.computeIfAbsent(Variant.byName(x.candidate()).orElseThrow().profileSet(),
                            k -> new ArrayList<>());
                    if (!names.contains(w.name())) {
                        names.add(w.name());
                    }
                }
            }
        }
        return sets;
    }
}
