package io.pgolab.bench;

import io.pgolab.config.Variant;
import io.pgolab.profile.TrainingMatch;
import io.pgolab.stats.Direction;
import io.pgolab.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A loss is never silent: every gated comparison of a profile-guided variant against one without a profile whose
 * verdict is regressed (the verdict the tables, the summary and the exit code have: nothing is decided again here)
 * becomes a {@link Loss}, with the share of that workload's counts in code training missed (the training check's,
 * when it ran) and the fix its cause calls for. The one place that chooses the cause and the fix, for a bench that
 * ran and for a results file of an older pgolab read again.
 */
public final class Losses {
    private Losses() {
    }

    /**
     * One regressed gated comparison: workload and its command, the two variants, the metric with its unit and
     * direction, the change and CI in percent.
     */
    public record Regression(String workload, String command, String baseline, String candidate, String metric,
                             String unit, Direction direction, double changePercent, double ciLowPercent,
                             double ciHighPercent) {
    }

    /**
     * What is known about training for the losses: the training checks done (per profile set), why a profile set's
     * check failed (set to the first line of its error), why none ran at all ("" when it was enabled), and the guard.
     *
     * @param guard [toolchain] partial_training: true, false, or null when the toolchain has none (go, jvm)
     */
    public record Training(List<TrainingMatch> checks, Map<String, String> failed, String notRun, Boolean guard) {
        public static Training unknown(String why) {
            return new Training(List.of(), Map.of(), why, null);
        }
    }

    /** True when the comparison is a profile-guided candidate against a baseline without a profile (release, lto). */
    public static boolean pgoAgainstNoProfile(String baseline, String candidate) {
        boolean pgo = Variant.byName(candidate).map(Variant::pgo).orElse(false);
        boolean baselinePgo = Variant.byName(baseline).map(Variant::pgo).orElse(true);
        return pgo && !baselinePgo;
    }

    /** The regressed gated comparisons of profile-guided variants against variants without a profile, in table order. */
    public static List<Regression> regressions(BenchResults r) {
        List<String> gated = r.gated();
        List<Regression> out = new ArrayList<>();
        for (BenchResults.WorkloadResult w : r.workloads()) {
            w.comparisons().stream()
                    .filter(c -> gated.contains(c.metric()) && c.verdict() == Verdict.REGRESSED
                            && pgoAgainstNoProfile(c.baseline(), c.candidate()))
                    .forEach(c -> out.add(new Regression(w.name(), w.command(), c.baseline(), c.candidate(), c.metric(),
                            c.unit(), c.direction(), c.changePercent(), (c.ciLow() - 1) * 100, (c.ciHigh() - 1) * 100)));
        }
        return out;
    }

    public static List<Loss> of(BenchResults r, Training t) {
        return of(regressions(r), t);
    }

    public static List<Loss> of(List<Regression> regressions, Training t) {
        return regressions.stream().map(g -> loss(g, t)).toList();
    }

    static Loss loss(Regression g, Training t) {
        String set = Variant.byName(g.candidate()).map(Variant::profileSet).orElse("");
        Optional<TrainingMatch> check = t.checks().stream().filter(m -> m.profileSet().equals(set)).findFirst();
        Optional<TrainingMatch.Bench> bench = check.flatMap(m -> m.workloads().stream()
                .filter(b -> b.name().equals(g.workload()) && b.total() > 0).findFirst());
        if (bench.isEmpty()) {
            String why = unknown(g.workload(), set, check, t);
            return new Loss(g.candidate(), g.baseline(), g.workload(), g.metric(), g.unit(), g.direction().json(),
                    g.changePercent(), g.ciLowPercent(), g.ciHighPercent(), null, List.of(), null, t.guard(), Loss.UNKNOWN,
                    why, unknownFix(g, set, why, t.guard()));
        }
        TrainingMatch.Bench b = bench.get();
        String cause = !b.mismatch() ? Loss.TRAINING_COVERED
                : Boolean.FALSE.equals(t.guard()) ? Loss.GUARD_OFF : Loss.TRAINING_MISSED;
        List<String> names = b.cold().stream().map(TrainingMatch.ColdFunction::shown).toList();
        Boolean neverRan = b.cold().isEmpty() ? null : b.cold().stream().limit(Loss.NAMED)
                .allMatch(TrainingMatch.ColdFunction::neverRan);
        return new Loss(g.candidate(), g.baseline(), g.workload(), g.metric(), g.unit(), g.direction().json(),
                g.changePercent(), g.ciLowPercent(), g.ciHighPercent(), b.coldShare(), names, neverRan, t.guard(), cause,
                null, fix(cause, g, b.coldShare()));
    }

    /** The fix for a known share, chosen by its cause. */
    static String fix(String cause, Regression g, double share) {
        String w = g.workload();
        return switch (cause) {
            case Loss.GUARD_OFF -> "turn partial_training back on (remove `partial_training = false` from [toolchain]):"
                    + " functions training never ran are then compiled as release compiles them, not for size;"
                    + " if " + g.candidate() + " still loses, " + addWorkload(g);
            case Loss.TRAINING_MISSED -> addWorkload(g);
            default -> "training covered " + w + "'s code (" + TrainingMatch.percent(share) + " of its counts are in"
                    + " functions training left cold), so the loss is not from missing training: look at layout"
                    + " (pgolab bench --layout-check), LTO (bench lto and pgo+lto beside " + g.candidate()
                    + ") and noise (run the bench again); 'pgolab profile --against-bench' lists the cold functions";
        };
    }

    private static String addWorkload(Regression g) {
        return "add a training workload like " + g.workload() + (g.command() == null || g.command().isBlank() ? ""
                : " (its command: `" + g.command() + "`)") + " or raise the weight of a [[train]] workload that runs"
                + " this code (`weight = N`)";
    }

    /** The fix when the share is unknown: how to get it, and the guard first when it is off. */
    static String unknownFix(Regression g, String set, String why, Boolean guard) {
        String get = "run 'pgolab profile --against-bench" + (set.isEmpty() ? "" : " --set " + set)
                + " --bench-workload " + g.workload() + "' to see the share of " + g.workload()
                + "'s counts in functions training left cold";
        if (Boolean.FALSE.equals(guard)) {
            return "partial_training = false is set, so functions training never ran are optimized for size: turn it"
                    + " back on (remove it from [toolchain]) first; " + get;
        }
        return get;
    }

    private static String unknown(String workload, String set, Optional<TrainingMatch> check, Training t) {
        if (!t.notRun().isEmpty()) {
            return t.notRun();
        }
        if (t.failed().containsKey(set)) {
            return "the training check failed: " + t.failed().get(set);
        }
        if (check.isPresent()) {
            Optional<String> skipped = check.get().skipped().stream().filter(s -> s.startsWith(workload + ": ")).findFirst();
            if (skipped.isPresent()) {
                return "the training check could not run it on the instrumented binary: "
                        + skipped.get().substring(workload.length() + 2);
            }
            if (check.get().workloads().stream().anyMatch(b -> b.name().equals(workload))) {
                return "its run on the instrumented binary left no counts";
            }
        }
        return "the training check did not run for it";
    }
}
