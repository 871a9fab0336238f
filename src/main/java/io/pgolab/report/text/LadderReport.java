package io.pgolab.report.text;

import io.pgolab.bench.Ladder;
import io.pgolab.config.Variant;
import io.pgolab.report.Bounds;
import io.pgolab.report.Md;
import io.pgolab.stats.Comparison;
import io.pgolab.util.Strings;
import java.util.Locale;

/** The ladder as a terminal table and as Markdown. */
public final class LadderReport {
    private LadderReport() {
    }

    public static String text(Ladder l) {
        StringBuilder s = new StringBuilder();
        String workload = null;
        StringBuilder advice = new StringBuilder();
        int width = Math.max(16, l.steps().stream().mapToInt(st -> st.variant().length()).max().orElse(0));
        String row = "%-" + width + "s %17s %15s %9s %10s  %-24s %-13s %-24s %s%n";
        for (Ladder.Step st : l.steps()) {
            if (!st.workload().equals(workload)) {
                s.append(advice);
                advice.setLength(0);
                workload = st.workload();
                s.append(String.format("%nladder on '%s' (%s; gain > 0 is better; 95%% CI)%n", workload, st.metric()));
                s.append(String.format(row, "variant", "build CPU (total)", "wall (total)", "training", "binary",
                        "gain vs " + l.steps().get(0).variant(), "verdict", "gain vs previous step", "verdict"));
            }
            s.append(String.format(row, st.variant(), cpu(st), build(st), training(st),
                    Strings.humanBytes(st.binaryBytes()), cell(st.vsRelease()), verdict(st.vsRelease(), "-"),
                    cell(st.vsPrevious()), verdict(st.vsPrevious(), "-")).stripTrailing()).append('\n');
            if (st.vsPrevious() != null) {
                advice.append("  ").append(st.recommendation()).append('\n');
            }
        }
        s.append(advice).append('\n');
        for (Ladder.Slowdown d : l.trainingSlowdown()) {
            s.append(String.format("training '%s' with profiling on (the instrumented binary; for Go, the profile flag): %.2fx the CPU time"
                    + " of release (%.2fs vs %.2fs, one run each)%n", d.workload(), d.factor(), d.instrumentedCpuSeconds(), d.releaseCpuSeconds()));
        }
        return s.toString();
    }

    public static String markdown(Ladder l, String title) {
        StringBuilder s = new StringBuilder("## ").append(Md.text(title)).append("\n");
        String workload = null;
        for (Ladder.Step st : l.steps()) {
            if (!st.workload().equals(workload)) {
                workload = st.workload();
                s.append("\n### ").append(Md.code(workload)).append(" (").append(Md.text(st.metric()))
                        .append("; gain > 0 is better; 95% CI)\n\n")
                        .append("| variant | build CPU (total) | wall (total) | training | binary | gain vs ")
                        .append(Md.text(l.steps().get(0).variant())).append(" | verdict | gain vs previous step | verdict |\n")
                        .append("|---|---:|---:|---:|---:|---|---|---|---|\n");
            }
            s.append(String.format("| %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", Md.text(st.variant()), cpu(st), build(st),
                    training(st),
                    Strings.humanBytes(st.binaryBytes()), cell(st.vsRelease()), verdict(st.vsRelease(), "baseline"),
                    cell(st.vsPrevious()), verdict(st.vsPrevious(), "baseline")));
        }
        s.append("\n");
        for (Ladder.Step st : l.steps()) {
            if (st.vsPrevious() != null) {
                s.append("- ").append(Md.code(st.workload())).append(": ").append(Md.text(st.recommendation())).append('\n');
            }
        }
        for (Ladder.Slowdown d : l.trainingSlowdown()) {
            s.append(String.format("- training %s with profiling on: %.2f× the CPU time of release (one run each)%n",
                    Md.code(d.workload()), d.factor()));
        }
        return s.toString();
    }

    /**
     * The wall time of the step's training runs, "-" without any; "in build" for the JVM's cds and aot, whose
     * training run makes the archive inside the variant's build (its time is in the build column).
     */
    static String training(Ladder.Step st) {
        if (st.trainingSeconds() > 0) {
            return String.format("%.1fs", st.trainingSeconds());
        }
        return Variant.byName(st.variant()).map(Variant::jvm).orElse(false)
                ? "in build" : "-";
    }

    /** "9.3s (21.0s)": the variant's own build, and with training when that adds to it (wall time). */
    static String build(Ladder.Step st) {
        return seconds(st.buildSeconds(), st.pipelineSeconds());
    }

    /** build in CPU time (the builds' and training's processes, user + system); "-" when not recorded. */
    public static String cpu(Ladder.Step st) {
        return cpu(st.buildCpuSeconds(), st.pipelineCpuSeconds());
    }

    /** "14.0s (31.5s)" in CPU time, "-" when the build's CPU time is unknown, "14.0s (?)" when its pipeline's is. */
    public static String cpu(Double build, Double pipeline) {
        if (build == null) {
            return "-";
        }
        return pipeline == null ? String.format(Locale.ROOT, "%.1fs (?)", build) : seconds(build, pipeline);
    }

    public static String seconds(double build, double pipeline) {
        return pipeline > build + 0.05 ? String.format(Locale.ROOT, "%.1fs (%.1fs)", build, pipeline)
                : String.format(Locale.ROOT, "%.1fs", build);
    }

    static String verdict(Comparison c, String baseline) {
        return c == null ? baseline : c.verdict().json();
    }

    /** "+15.0% [+13.9, +16.0]": the gain and its CI, the bounds with the digits {@link Bounds} asks for. */
    static String cell(Comparison c) {
        if (c == null) {
            return "-";
        }
        double[] ci = Ladder.gainCi(c);
        int d = Bounds.decimals(c.minEffect() * 100, ci[0], ci[1]);
        return String.format("%+.1f%% [%s, %s]", Ladder.gain(c), Bounds.signed(ci[0], d), Bounds.signed(ci[1], d));
    }
}
