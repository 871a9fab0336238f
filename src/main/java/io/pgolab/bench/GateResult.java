package io.pgolab.bench;

import io.pgolab.store.Worktrees;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a gate decided: both commits, the host, the measures (the bounded metrics of every workload and variant),
 * and the bench behind them (every sample, every comparison, including the metrics without a bound).
 *
 * @param configPath   the config file's path in the repository (the same in both commits)
 * @param inconclusive "fail" or "pass": what a measure whose CI straddles its bound does
 * @param notes        what the reader should know about how the commits were compared (e.g. uncommitted changes)
 * @param samePrograms why nothing was measured: both commits build the same programs ({@link SamePrograms}); "" when
 *                     the gate measured
 */
public record GateResult(Worktrees.Commit base, Worktrees.Commit candidate, String host, String configPath,
                         List<String> variants, String inconclusive, List<GateMeasure> measures, BenchResults bench,
                         List<String> notes, boolean baseConfigBorrowed, String samePrograms) {

    /** A gate that measured. */
    public GateResult(Worktrees.Commit base, Worktrees.Commit candidate, String host, String configPath,
                      List<String> variants, String inconclusive, List<GateMeasure> measures, BenchResults bench,
                      List<String> notes, boolean baseConfigBorrowed) {
        this(base, candidate, host, configPath, variants, inconclusive, measures, bench, notes, baseConfigBorrowed, "");
    }

    /** A gate decided without measuring: the commits build the same programs (why: {@link SamePrograms.Outcome}). */
    public static GateResult samePrograms(Gate.Request req, BenchResults nothing, String why) {
        return new GateResult(req.base(), req.candidate(), req.host(), req.configPath(), req.variants(),
                req.inconclusive(), List.of(), nothing, req.notes(), req.baseConfigBorrowed(), why);
    }

    /** A gate whose base had its own config. */
    public GateResult(Worktrees.Commit base, Worktrees.Commit candidate, String host, String configPath,
                      List<String> variants, String inconclusive, List<GateMeasure> measures, BenchResults bench,
                      List<String> notes) {
        this(base, candidate, host, configPath, variants, inconclusive, measures, bench, notes, false);
    }

    /** The same verdict over this bench (the measurements with flamegraphs added). */
    public GateResult withBench(BenchResults b) {
        return new GateResult(base, candidate, host, configPath, variants, inconclusive, measures, b, notes,
                baseConfigBorrowed, samePrograms);
    }

    public List<GateMeasure> with(GateMeasure.Status s) {
        return measures.stream().filter(m -> m.status() == s).toList();
    }

    /** Every measure within bounds, or inconclusive ones too when those pass. */
    public boolean passed() {
        return passed(described().stream().map(Described::status).toList(), inconclusive);
    }

    /**
     * The measures as the summary names them, then the gated measures that got no comparison ({@link
     * GatedOutcome#uncompared}: a parser's figure missing or zero in some rounds), each inconclusive: a gate never
     * passes over a primary metric it could not compare.
     */
    private List<Described> described() {
        List<Described> out = new ArrayList<>(measures.stream()
                .map(m -> new Described(m.status(), m.describe(), m.improved() ? GateMeasure.describeImprovement(
                        m.workload(), m.variant(), m.metric(), m.comparison().changePercent(),
                        (m.comparison().ciLow() - 1) * 100, (m.comparison().ciHigh() - 1) * 100) : "")).toList());
        out.addAll(uncompared(bench.outcome(bench.gated()).uncompared()));
        return out;
    }

    /** How many measures are inconclusive, the gated measures without a comparison included (as the summary counts). */
    public int inconclusiveCount() {
        return with(GateMeasure.Status.INCONCLUSIVE).size() + bench.outcome(bench.gated()).uncompared().size();
    }

    /** Each gated measure without a comparison, as an inconclusive measure of the summary and the verdict. */
    public static List<Described> uncompared(List<String> uncompared) {
        return uncompared.stream().map(u -> new Described(GateMeasure.Status.INCONCLUSIVE, u
                + ": not compared (missing or zero in some rounds)")).toList();
    }

    /** The gate's verdict over its measures' statuses: for a gate that ran and for its results file read again. */
    public static boolean passed(List<GateMeasure.Status> statuses, String inconclusive) {
        return statuses.stream().noneMatch(s -> settles(s).isPresent())
                && (inconclusive.equals("pass") || !statuses.contains(GateMeasure.Status.INCONCLUSIVE));
    }

    /**
     * Why one measure's status decides the gate whatever the other measures do ({@link #passed}: one out of bounds
     * fails it), for the stop reason of a campaign that stops there (measure/Gated#settles); empty when it does not.
     */
    public static Optional<String> settles(GateMeasure.Status s) {
        return s == GateMeasure.Status.OUT_OF_BOUNDS ? Optional.of("is out of bounds, so the gate fails whatever the"
                + " other measures do (--measure-all measures them anyway)") : Optional.empty();
    }

    /** "Compared abc with def on HOST. All 6 measures within bounds." or which ones are not. */
    public String summary() {
        return summary(candidate.shortSha(), base.shortSha(), host, described(), inconclusive, baseConfigBorrowed,
                samePrograms);
    }

    /**
     * A measure's status and its description ({@link GateMeasure#describe}).
     *
     * @param improvement how the summary names it when it improved beyond its bound, else ""
     */
    public record Described(GateMeasure.Status status, String text, String improvement) {
        public Described(GateMeasure.Status status, String text) {
            this(status, text, "");
        }
    }

    /** Said in the first sentence when the base had no config of its own. */
    public static final String BORROWED = " (the base has no config of its own: both commits were built and measured"
            + " with the candidate's)";
    /** The same, for a gate that measured nothing (the same programs). */
    public static final String BORROWED_UNMEASURED = " (the base has no config of its own: both commits were built"
            + " with the candidate's)";

    /** The summary line of a gate whose base had its own config. */
    public static String summary(String candidateSha, String baseSha, String host, List<Described> measures,
                                 String inconclusive) {
        return summary(candidateSha, baseSha, host, measures, inconclusive, false);
    }

    /**
     * The summary line from the measures' statuses and descriptions, the one wording for every output: how the
     * commits were compared (and with whose config), what is out of bounds or inconclusive, what improved.
     */
    public static String summary(String candidateSha, String baseSha, String host, List<Described> measures,
                                 String inconclusive, boolean baseConfigBorrowed) {
        return summary(candidateSha, baseSha, host, measures, inconclusive, baseConfigBorrowed, "");
    }

    /** The summary line; samePrograms: why nothing was measured, "" when the gate measured. */
    public static String summary(String candidateSha, String baseSha, String host, List<Described> measures,
                                 String inconclusive, boolean baseConfigBorrowed, String samePrograms) {
        boolean nothing = !samePrograms.isEmpty() && measures.isEmpty();
        String head = "Compared " + candidateSha + " with " + baseSha + " on " + host
                + (baseConfigBorrowed ? (nothing ? BORROWED_UNMEASURED : BORROWED) : "") + ". ";
        if (nothing) {
            // nothing to decide: equal programs are within any bound (the gate passes); said, not measured
            return head + "Same programs, nothing to measure: " + samePrograms + " (--measure-same measures them"
                    + " anyway).";
        }
        List<String> out = texts(measures, GateMeasure.Status.OUT_OF_BOUNDS);
        List<String> unsure = texts(measures, GateMeasure.Status.INCONCLUSIVE);
        List<String> improved = measures.stream().map(Described::improvement).filter(t -> !t.isEmpty()).toList();
        String improvedPart = improved.isEmpty() ? "" : "improved: " + String.join("; ", improved);
        int n = measures.size();
        if (out.isEmpty() && unsure.isEmpty()) {
            return head + "All " + n + " measure" + (n == 1 ? "" : "s") + " within bounds"
                    + (improved.isEmpty() ? "" : "; " + improvedPart) + ".";
        }
        StringBuilder b = new StringBuilder(head);
        if (!out.isEmpty()) {
            b.append(String.format(Locale.ROOT, "%d of %d measures out of bounds: %s.", out.size(), n,
                    String.join("; ", out)));
        }
        if (!unsure.isEmpty()) {
            b.append(out.isEmpty() ? "" : " ").append(String.format(Locale.ROOT,
                    "%d of %d measures inconclusive (the CI straddles the bound%s): %s.", unsure.size(), n,
                    inconclusive.equals("pass") ? "; they pass, --inconclusive pass"
                            : "; they fail the gate; a longer --max-time narrows the CI",
                    String.join("; ", unsure)));
        }
        if (!improved.isEmpty()) {
            b.append(" I").append(improvedPart.substring(1)).append('.');
        }
        return b.toString();
    }

    /** The "Microbench:" section over the suites' benchmarks, from their statuses: empty when the gate has none. */
    public Optional<String> microbench() {
        return microbench(measures.stream().filter(m -> Microbench.isBenchmark(m.metric()))
                .map(m -> new Described(m.status(), m.describe())).toList());
    }

    /**
     * The "Program:" section over the program's own measures (every measure that is not a suite's benchmark, and the
     * gated measures without a comparison): present only beside a "Microbench:" section, when the gate has both.
     */
    public Optional<String> program() {
        List<Described> own = new ArrayList<>(measures.stream().filter(m -> !Microbench.isBenchmark(m.metric()))
                .map(m -> new Described(m.status(), m.describe())).toList());
        own.addAll(uncompared(bench.outcome(bench.gated()).uncompared()));
        return program(own, measures.stream().anyMatch(m -> Microbench.isBenchmark(m.metric())));
    }

    /** The "Program:" section line from the program's measures, when the gate has benchmarks too. */
    public static Optional<String> program(List<Described> own, boolean withBenchmarks) {
        return withBenchmarks ? section("Program", own) : Optional.empty();
    }

    /**
     * "Microbench: all 12 measures within bounds." or which are out of bounds or inconclusive: the benchmarks'
     * measures only (the caller filters them), decided as every measure is; for a gate that ran and for its results
     * file read again.
     */
    public static Optional<String> microbench(List<Described> benchmarks) {
        return section("Microbench", benchmarks);
    }

    /**
     * One section's line over its measures ("Program: all 4 measures within bounds."): the rows of the one verdict
     * ({@link #passed()}) grouped, never a second decision; empty for a section without measures.
     */
    static Optional<String> section(String title, List<Described> ms) {
        int n = ms.size();
        if (n == 0) {
            return Optional.empty();
        }
        List<String> out = texts(ms, GateMeasure.Status.OUT_OF_BOUNDS);
        List<String> unsure = texts(ms, GateMeasure.Status.INCONCLUSIVE);
        if (out.isEmpty() && unsure.isEmpty()) {
            return Optional.of(title + ": all " + n + " measure" + (n == 1 ? "" : "s") + " within bounds.");
        }
        List<String> parts = new ArrayList<>();
        if (!out.isEmpty()) {
            parts.add(out.size() + " of " + n + " measures out of bounds: " + String.join("; ", out));
        }
        if (!unsure.isEmpty()) {
            parts.add(unsure.size() + " of " + n + " measures inconclusive: " + String.join("; ", unsure));
        }
        return Optional.of(title + ": " + String.join(". ", parts) + ".");
    }

    private static List<String> texts(List<Described> ms, GateMeasure.Status s) {
        return ms.stream().filter(m -> m.status() == s).map(Described::text).toList();
    }
}
