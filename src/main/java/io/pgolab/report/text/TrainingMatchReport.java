package io.pgolab.report.text;

import io.pgolab.profile.TrainingMatch;
import io.pgolab.report.Md;
import java.util.List;

/** Renders "does training match the benchmark?" ({@link TrainingMatch}) as terminal text and Markdown. */
final class TrainingMatchReport {
    private TrainingMatchReport() {
    }

    static String text(List<TrainingMatch> checks) {
        StringBuilder b = new StringBuilder();
        for (TrainingMatch m : checks) {
            b.append(String.format("%ndoes training match the benchmark? profile set %s, trained on %s%n", set(m),
                    String.join(", ", m.trainingWorkloads())));
            b.append(String.format("  each bench workload ran once on the instrumented binary (profiles in %s, never used"
                    + " for a build); counts are %s;%n  cold in training = no count, or below %s of the hottest training"
                    + " function's%n", m.benchDir(), m.measure(), pct(m.nearlyCold())));
            int width = m.workloads().stream().mapToInt(w -> w.name().length()).max().orElse(8);
            for (TrainingMatch.Bench w : m.workloads()) {
                b.append(String.format("  %-" + width + "s  %6s of %d %s in functions training left cold%n", w.name(),
                        pct(w.coldShare()), w.total(), m.measure()));
                for (TrainingMatch.ColdFunction f : w.cold()) {
                    b.append(String.format("  %" + width + "s  %6s  %s  (training: %s)%n", "", pct(f.benchShare()),
                            f.shown(), training(f, m.measure())));
                }
                b.append("  ").append(" ".repeat(width)).append(w.mismatch() ? "  fix: " : "  ok: ").append(w.advice())
                        .append('\n');
            }
            for (String s : m.skipped()) {
                b.append("  skipped ").append(s).append('\n');
            }
            long bad = m.workloads().stream().filter(TrainingMatch.Bench::mismatch).count();
            b.append(bad == 0 ? String.format("summary: training matches the %d bench workload(s) checked%n", m.workloads().size())
                    : String.format("summary: training does not match %d of %d bench workload(s): they spend %s or more of"
                    + " their counts in code PGO was told is cold%n", bad, m.workloads().size(), pct(TrainingMatch.MISMATCH)));
        }
        return b.toString();
    }

    static String markdown(List<TrainingMatch> checks) {
        StringBuilder b = new StringBuilder();
        for (TrainingMatch m : checks) {
            b.append("\n### Does training match the benchmark? (profile set ").append(Md.text(set(m))).append(")\n\n");
            b.append("Counts are ").append(Md.text(m.measure())).append("; cold in training = no count, or below ")
                    .append(pct(m.nearlyCold())).append(" of the hottest training function's.\n\n");
            b.append("| bench | share in cold functions | top cold functions | advice |\n|---|---:|---|---|\n");
            for (TrainingMatch.Bench w : m.workloads()) {
                b.append("| ").append(Md.text(w.name())).append(" | ").append(pct(w.coldShare())).append(" | ")
                        .append(String.join("<br>", w.cold().stream().limit(3).map(f -> Md.text(f.shown()
                                + " " + pct(f.benchShare()))).toList()))
                        .append(" | ").append(Md.text(w.advice())).append(" |\n");
            }
            for (String s : m.skipped()) {
                b.append("\nSkipped: ").append(Md.text(s)).append('\n');
            }
        }
        return b.toString();
    }

    private static String set(TrainingMatch m) {
        return m.profileSet().isEmpty() ? "(all [[train]] workloads)" : "@" + m.profileSet();
    }

    private static String training(TrainingMatch.ColdFunction f, String measure) {
        return f.neverRan() ? "never ran" : f.trainingCount() + " " + measure + ", nearly cold";
    }

    static String pct(double share) {
        return TrainingMatch.percent(share);
    }
}
