package io.pgolab.profile;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.pgolab.toolchain.FunctionCounts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Does training match the benchmark? Each [[bench]] workload run once on the instrumented binary
 * (a profile of its own, never used for a build), compared function by function with the merged
 * training profile: the share of the bench run's counts that falls in functions training left cold,
 * the functions that hold most of it, and what to do about it.
 *
 * <p>A count is what {@link FunctionCounts#measure()} says (block counts for clang and cargo, arc
 * counts for gcc, CPU samples for go); a bench workload's share of a function is that function's
 * count over the sum of all functions' counts in its run. A function is <em>cold</em> in training
 * when its training count is zero, or below {@link #NEARLY_COLD} of the hottest training function's
 * count ("nearly cold"): the compiler treats such code as rarely run, optimizes it for size and moves
 * it out of the way.
 *
 * @param profileSet the training profile set ("" = every [[train]] workload)
 * @param trainingProfile the merged training profile compared against
 * @param trainingWorkloads the [[train]] workloads that made it
 * @param benchDir where the bench runs' profiles were kept (never used for a build)
 * @param skipped bench workloads that could not be run on the instrumented binary, with why
 */
public record TrainingMatch(String profileSet, String measure, String trainingProfile, List<String> trainingWorkloads,
                            double nearlyCold, String benchDir, List<Bench> workloads, List<String> skipped) {

    /** Below this fraction of the hottest training function's count a function counts as nearly cold. */
    public static final double NEARLY_COLD = 0.001;
    /** From this share of a bench workload's counts in cold functions on, training is said not to match it. */
    public static final double MISMATCH = 0.05;
    /** Cold functions with a smaller share of a bench workload's counts are counted in its share but not listed. */
    public static final double LISTED = 0.001;

    /**
     * One bench workload: its total count, the share in functions training left cold, the top such
     * functions (hottest in the bench run first) and one sentence of advice.
     */
    public record Bench(String name, String profile, long total, double coldShare, List<ColdFunction> cold,
                        boolean mismatch, String advice) {
        /** The same with readable names (name to demangled) in the list and the advice; measure as in the profile. */
        public Bench withDemangled(Map<String, String> names, String measure) {
            List<ColdFunction> c = cold.stream().map(f -> new ColdFunction(f.name(), f.benchCount(), f.benchShare(),
                    f.trainingCount(), names.getOrDefault(f.name(), f.demangled()))).toList();
            return new Bench(name, profile, total, coldShare, c, mismatch, TrainingMatch.advice(name, measure, total, coldShare, c, mismatch));
        }
    }

    /**
     * trainingCount 0: no training workload ran it; otherwise nearly cold. name: as in the profile
     * (mangled for C++ and Rust); demangled: its readable form, null when the same or unknown.
     */
    public record ColdFunction(String name, long benchCount, double benchShare, long trainingCount,
                               @JsonInclude(JsonInclude.Include.NON_NULL) String demangled) {
        public ColdFunction(String name, long benchCount, double benchShare, long trainingCount) {
            this(name, benchCount, benchShare, trainingCount, null);
        }

        public boolean neverRan() {
            return trainingCount == 0;
        }

        /** "run_vm (demo.c)", "flagsdemo::hot_loop": the readable name, as reports show it. */
        public String shown() {
            return displayName(demangled == null ? name : demangled);
        }
    }

    /** True when some bench workload spends at least {@link #MISMATCH} of its counts in code training left cold. */
    public boolean mismatch() {
        return workloads.stream().anyMatch(Bench::mismatch);
    }

    /** Compares one bench run with the training profile; top: how many cold functions to keep. */
    public static Bench compare(String bench, String profile, FunctionCounts training, FunctionCounts run, int top) {
        long total = run.total();
        double threshold = NEARLY_COLD * training.max();
        List<ColdFunction> cold = new ArrayList<>();
        long coldCount = 0;
        for (var e : run.counts().entrySet()) {
            long t = training.of(e.getKey());
            if (e.getValue() > 0 && (t == 0 || t < threshold)) {
                coldCount += e.getValue();
                cold.add(new ColdFunction(e.getKey(), e.getValue(), (double) e.getValue() / total, t));
            }
        }
        cold.sort(Comparator.comparingLong(ColdFunction::benchCount).reversed().thenComparing(ColdFunction::name));
        double share = total == 0 ? 0 : (double) coldCount / total;
        List<ColdFunction> kept = cold.stream().filter(f -> f.benchShare() >= LISTED).limit(top).toList();
        boolean mismatch = total > 0 && share >= MISMATCH;
        return new Bench(bench, profile, total, share, List.copyOf(kept), mismatch,
                advice(bench, run.measure(), total, share, kept, mismatch));
    }

    static String advice(String bench, String measure, long total, double share, List<ColdFunction> cold, boolean mismatch) {
        if (total == 0) {
            return "bench " + bench + " left no " + measure + " in the instrumented binary's profile: it may not run"
                    + " {binary}, or ran too briefly to be sampled";
        }
        if (!mismatch) {
            return String.format("training covers bench %s: %s of its %s fall in functions training left cold",
                    bench, percent(share), measure);
        }
        if (cold.isEmpty()) {
            return String.format("bench %s spends %s of its %s in many functions training left cold, none of them above"
                    + " %s: add a training workload like it (the inputs and options of [[bench]] '%s')", bench,
                    percent(share), measure, percent(LISTED), bench);
        }
        ColdFunction f = cold.get(0);
        String where = f.benchShare() >= share * 0.95
                ? "in " + f.shown()
                : "in functions training left cold, " + percent(f.benchShare()) + " in " + f.shown() + " alone";
        String why = f.neverRan() ? "which no training workload ran"
                : "which training ran only " + f.trainingCount() + " " + measure + " (nearly cold)";
        return String.format("bench %s spends %s of its %s %s, %s: add a training workload like it (the inputs and"
                + " options of [[bench]] '%s')", bench, percent(share), measure, where, why, bench);
    }

    /** "62%", "7.9%", "0.3%", "<0.1%", "0%". */
    public static String percent(double share) {
        double p = 100 * share;
        return p == 0 ? "0%" : p < 0.1 ? "<0.1%" : p >= 10 ? String.format("%.0f%%", p) : String.format("%.1f%%", p);
    }

    /** "run_vm (demo.c)" for clang's "path/demo.c;run_vm" names of file-local functions. */
    public static String displayName(String name) {
        int semi = name.lastIndexOf(';');
        if (semi < 0) {
            return name;
        }
        return name.substring(semi + 1) + " (" + Path.of(name.substring(0, semi)).getFileName() + ")";
    }
}
