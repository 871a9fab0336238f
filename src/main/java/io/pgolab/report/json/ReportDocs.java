package io.pgolab.report.json;

import io.pgolab.bench.GatedOutcome;
import io.pgolab.bench.Losses;
import io.pgolab.pipeline.BuildFailure;
import io.pgolab.stats.Direction;
import io.pgolab.stats.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/** What a results file is (which command wrote it) and its one-line verdict, read from its records. */
public final class ReportDocs {
    private ReportDocs() {
    }

    /** gate, ladder, demo, bench, compare, build (also train) or profile. */
    public static String kind(ResultsDocument d) {
        if (d.gate() != null) {
            return "gate";
        }
        if (d.ladder() != null) {
            return "ladder";
        }
        if (d.measurements() != null) {
            if (d.variants() != null) {
                return "demo";
            }
            return d.envelope() == null || d.envelope().project() == null ? "compare" : "bench";
        }
        return d.profile() != null ? "profile" : "build";
    }

    /** compare's names its baseline: the first subject, as it always was measured first. */
    public static String title(ResultsDocument d) {
        String project = d.envelope() == null ? null : d.envelope().project();
        String base = "";
        if (kind(d).equals("compare") && !d.measurements().workloads().isEmpty()) {
            List<String> subjects = d.measurements().workloads().get(0).subjects();
            base = subjects == null || subjects.isEmpty() ? "" : " (baseline: " + subjects.get(0) + ")";
        }
        return "pgolab " + kind(d) + (project == null ? "" : ": " + project) + base;
    }

    public static ResultsDocument.BenchBody bench(ResultsDocument d) {
        return d.measurements() != null ? d.measurements() : d.bench();
    }

    /** The gate's summary, else the bench's (decided again from its gated comparisons), else what the file holds. */
    public static String summary(ResultsDocument d) {
        if (d.gate() != null) {
            return d.gate().summary();
        }
        ResultsDocument.BenchBody b = bench(d);
        if (b != null && b.summary() != null) {
            // a ladder's tables give gains (positive is better): its line does too
            return outcome(b).summary(d.ladder() != null);
        }
        if (d.buildFailure() != null) {
            return failed(d.buildFailure(), d.variants() == null ? 0 : d.variants().size());
        }
        return "No measurements in this file (" + kind(d) + ").";
    }

    /** "The build of 'lto' failed (build: exit status 1, log ...); 1 variant finished before it: nothing was measured." */
    static String failed(BuildFailure f, int finished) {
        String how = f.timedOut() ? "timed out" : f.signal() != null ? "killed by signal " + f.signal()
                : f.exitStatus() != null ? "exit status " + f.exitStatus() : "refused";
        return "The build of '" + f.variant() + "' failed (" + f.step() + ": " + how
                + (f.log() == null ? "" : ", log " + f.log()) + "); " + finished + " variant" + (finished == 1 ? "" : "s")
                + " finished before it: nothing was measured.";
    }

    /**
     * The "Microbench:" section, decided again from the file's records as {@link #summary} is: the gate's from its
     * measures (RecordedVerdicts), the bench's from its gated comparisons; empty without a suite.
     */
    public static Optional<String> microbench(ResultsDocument d) {
        if (d.gate() != null) {
            return Optional.ofNullable(d.gate().microbench());
        }
        ResultsDocument.BenchBody b = bench(d);
        if (b == null || b.summary() == null) {
            return Optional.empty();
        }
        return GatedOutcome.ofBenchmarks(gatedMetrics(b), measures(b)).microbench();
    }

    /** Passed (true), failed (false), or neither: inconclusive or nothing measured (null). */
    public static Boolean passed(ResultsDocument d) {
        if (d.gate() != null) {
            return d.gate().passed();
        }
        ResultsDocument.BenchBody b = bench(d);
        return b == null || b.summary() == null ? null : outcome(b).passed().orElse(null);
    }

    /**
     * The gated comparisons' verdicts together, by the function a bench that runs uses ({@link GatedOutcome}): the
     * flat list when the file has one, else every workload's.
     */
    public static GatedOutcome outcome(ResultsDocument.BenchBody b) {
        List<String> gated = gatedMetrics(b);
        return GatedOutcome.of(gated, measures(b), b.workloads() == null ? List.of() : b.workloads().stream()
                .flatMap(w -> GatedOutcome.uncompared(w.name(), gated, w.metrics() == null ? Set.of()
                        : w.metrics().keySet(), w.comparisons() == null ? List.of() : w.comparisons().stream()
                        .map(c -> new GatedOutcome.Pair(c.candidate(), c.metric())).toList()).stream()).toList());
    }

    private static List<ResultsDocument.ComparisonEntry> gatedComparisons(ResultsDocument.BenchBody b) {
        List<ResultsDocument.ComparisonEntry> all = b.comparisons() != null && !b.comparisons().isEmpty() ? b.comparisons()
                : b.workloads() == null ? List.of()
                : b.workloads().stream().flatMap(w -> w.comparisons() == null ? Stream.empty() : w.comparisons().stream())
                        .toList();
        return all.stream().filter(ResultsDocument.ComparisonEntry::gated).toList();
    }

    private static List<String> gatedMetrics(ResultsDocument.BenchBody b) {
        return b.method() != null && b.method().gatedMetrics() != null ? b.method().gatedMetrics()
                : gatedComparisons(b).stream().map(ResultsDocument.ComparisonEntry::metric).distinct().toList();
    }

    /**
     * The regressed gated comparisons of profile-guided variants against variants without a profile, workload by
     * workload, as {@link io.pgolab.bench.Losses#regressions} gives them for a bench that ran.
     */
    public static List<Losses.Regression> regressions(ResultsDocument.BenchBody b) {
        List<Losses.Regression> out = new ArrayList<>();
        for (ResultsDocument.Workload w : b.workloads() == null ? List.<ResultsDocument.Workload>of() : b.workloads()) {
            for (ResultsDocument.ComparisonEntry c : w.comparisons()) {
                if (c.gated() && "regressed".equals(c.verdict())
                        && Losses.pgoAgainstNoProfile(c.baseline(), c.candidate())) {
                    out.add(new Losses.Regression(w.name(), w.command(), c.baseline(), c.candidate(),
                            c.metric(), c.unit(), direction(c.direction()), (c.ratio() - 1) * 100, (c.ciLow() - 1) * 100,
                            (c.ciHigh() - 1) * 100));
                }
            }
        }
        return out;
    }

    private static Direction direction(String json) {
        return "higher_is_better".equals(json) ? Direction.HIGHER_IS_BETTER : Direction.LOWER_IS_BETTER;
    }

    private static List<GatedOutcome.Measure> measures(ResultsDocument.BenchBody b) {
        return gatedComparisons(b).stream().map(c -> new GatedOutcome.Measure(c.candidate(), c.metric(),
                direction(c.direction()),
                Verdict.valueOf(c.verdict().toUpperCase(Locale.ROOT)), (c.ratio() - 1) * 100, (c.ciLow() - 1) * 100,
                (c.ciHigh() - 1) * 100, c.minEffect() * 100, c.pValue(), c.rounds())).toList();
    }
}
