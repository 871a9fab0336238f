package io.pgolab.report.files;

import io.pgolab.UserError;
import io.pgolab.bench.Loss;
import io.pgolab.bench.Losses;
import io.pgolab.profile.TrainingMatch;
import io.pgolab.report.json.ReportDocs;
import io.pgolab.report.json.ResultsDocument;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import io.pgolab.stats.Looks;
import io.pgolab.stats.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A results file's verdicts decided again before anything is drawn from it (pgolab report, pgolab merge): each
 * comparison's verdict from its samples (files of the Hodges-Lehmann method) and from its recorded CI, p-value and
 * minimum effect; each gate measure's status from its CI and bound, and against the comparison it came from; the
 * gate's counts and {@code passed} from those statuses. A file whose recorded verdicts disagree, or whose numbers
 * are NaN or infinite, is refused naming the file and the measure: a report that shows a verdict the numbers do not
 * support is worse than no report. The gate's summary line is written again from the measures (the same function
 * as a gate that runs), so no prose from the file stands in for the verdict.
 */
final class RecordedVerdicts {
    /** CI ends and estimates recomputed from the same samples agree to rounding; anything beyond is an edit. */
    private static final double SAME = 1e-9;
    /** Percent values derived from a ratio (ratio - 1) * 100, compared in percent points. */
    static final double SAME_PERCENT = 1e-6;
    private static final String HINT = "the file was edited or damaged after pgolab wrote it, and pgolab does not draw"
            + " a verdict the numbers do not support: run the gate (or bench) again, or use the file as pgolab wrote it";

    private final String file;
    private final boolean hodgesLehmann;

    private RecordedVerdicts(String file, boolean hodgesLehmann) {
        this.file = file;
        this.hodgesLehmann = hodgesLehmann;
    }

    /** The document as read, its gate summary written again from its measures; refused if a verdict disagrees. */
    static ResultsDocument verified(Path file, ResultsDocument d) {
        return verified(file.toString(), d);
    }

    static ResultsDocument verified(String file, ResultsDocument d) {
        List<ResultsDocument.BenchBody> bodies = new ArrayList<>();
        Optional.ofNullable(d.measurements()).ifPresent(bodies::add);
        Optional.ofNullable(d.bench()).ifPresent(bodies::add);
        List<ResultsDocument.Workload> workloads = new ArrayList<>();
        for (ResultsDocument.BenchBody b : bodies) {
            boolean hl = b.method() != null && "hodges-lehmann".equals(b.method().estimator());
            RecordedVerdicts check = new RecordedVerdicts(file, hl);
            for (ResultsDocument.Workload w : list(b.workloads())) {
                workloads.add(w);
                check.looks(w);
                list(w.comparisons()).forEach(c -> check.comparison(c, w.looksOrEmpty()));
            }
            for (ResultsDocument.ComparisonEntry c : list(b.comparisons())) {
                check.comparison(c, list(b.workloads()).stream().filter(w -> w.name().equals(c.workload())).findFirst()
                        .map(ResultsDocument.Workload::looksOrEmpty).orElse(List.of()));
            }
            int regressed = ReportDocs.outcome(b).regressed().size();
            // a gate's verdict is its measures' (below); a merged host's body is rebuilt from the gate by ReportFiles
            if (d.gate() == null && b.summary() != null && b.regressions() != regressed) {
                throw check.disagrees("the bench", "regressions: " + b.regressions(), "its gated comparisons give "
                        + regressed + " regressed");
            }
        }
        if (d.ladder() != null) {
            new RecordedVerdicts(file, false).ladder(d.ladder(), d.bench());
        }
        if (d.gate() == null) {
            return new RecordedVerdicts(file, false).losses(d);
        }
        List<String> uncompared = bodies.stream().flatMap(b -> ReportDocs.outcome(b).uncompared().stream()).toList();
        ResultsDocument.GateBody g = new RecordedGate(new RecordedVerdicts(file, false)).gate(d.gate(), workloads,
                uncompared);
        return new ResultsDocument(d.envelope(), d.losses(), d.variants(), d.training(), d.profileSets(), d.pgoExtraBuildSeconds(), d.pgoExtraBuildCpuSeconds(),
                d.buildFailure(),
                d.ladder(), d.bench(), d.profile(), d.optimizedBuilds(), d.measurements(), d.trainingMatch(), g,
                d.commands());
    }

    /**
     * The losses every report says first, agreeing with the comparisons verified above: each recorded loss is a
     * regressed gated comparison of a pgo variant against a variant without a profile, with its change and CI, and
     * no such comparison is left without one. A bench or ladder file written before losses were recorded gets them
     * from its comparisons and training checks, by the function a bench that runs uses ({@link Losses}).
     */
    private ResultsDocument losses(ResultsDocument d) {
        ResultsDocument.BenchBody b = ReportDocs.bench(d);
        String kind = ReportDocs.kind(d);
        if (b == null || !kind.equals("bench") && !kind.equals("ladder")) {
            return d;
        }
        List<Losses.Regression> regressions = ReportDocs.regressions(b);
        if (d.losses() == null) {
            List<TrainingMatch> checks = d.trainingMatch() == null ? List.of() : d.trainingMatch();
            String notRun = checks.isEmpty() ? "this results file holds no training check" : "";
            return d.withLosses(Losses.of(regressions, new Losses.Training(checks, Map.of(), notRun, null)));
        }
        for (Loss l : d.losses()) {
            Losses.Regression g = regressions.stream().filter(x -> x.candidate().equals(l.variant())
                    && x.baseline().equals(l.baseline()) && x.workload().equals(l.workload())
                    && x.metric().equals(l.metric())).findFirst().orElseThrow(() -> disagrees("the loss of " + l.variant()
                    + " against " + l.baseline() + " " + l.metric() + " on " + l.workload(), "a loss",
                    "that comparison is not a regressed gated comparison of the file"));
            if (Math.abs(g.changePercent() - l.changePercent()) > SAME_PERCENT
                    || Math.abs(g.ciLowPercent() - l.ciLowPercent()) > SAME_PERCENT
                    || Math.abs(g.ciHighPercent() - l.ciHighPercent()) > SAME_PERCENT) {
                throw disagrees("the loss of " + l.variant() + " on " + l.workload(), String.format(Locale.ROOT,
                        "%+.4f%% [%+.4f%%, %+.4f%%]", l.changePercent(), l.ciLowPercent(), l.ciHighPercent()),
                        String.format(Locale.ROOT, "its comparison gives %+.4f%% [%+.4f%%, %+.4f%%]", g.changePercent(),
                                g.ciLowPercent(), g.ciHighPercent()));
            }
        }
        if (d.losses().size() != regressions.size()) {
            throw disagrees("the bench", d.losses().size() + " losses", "its gated comparisons give "
                    + regressions.size() + " regressed pgo variants against variants without a profile");
        }
        return d;
    }

    /**
     * A workload's planned looks: increasing rounds, alphas positive and together at most 5%; a workload the sequential
     * rule stopped has them, and without looks every comparison covers all its rounds (else its interval would be
     * a sequential look's, passed off as a plain 95% one).
     */
    private void looks(ResultsDocument.Workload w) {
        String stop = w.stopReason() == null ? "" : w.stopReason();
        if (w.looksOrEmpty().isEmpty() && (stop.startsWith("decided:") || stop.startsWith("cap:"))) {
            throw damaged("workload " + w.name(), "the sequential rule stopped it ('" + stop.split(":")[0]
                    + "'), but its looks are missing");
        }
        if (w.looksOrEmpty().isEmpty()) {
            for (ResultsDocument.ComparisonEntry c : list(w.comparisons())) {
                if (c.rounds() != w.rounds()) {
                    throw damaged("comparison " + c.candidate() + " vs " + c.baseline() + " " + c.metric() + " on "
                            + w.name(), "it has " + c.rounds() + " rounds of the workload's " + w.rounds()
                            + ", and no look says why");
                }
            }
        }
        double spent = 0;
        int before = 0;
        for (ResultsDocument.LookEntry l : w.looksOrEmpty()) {
            finite("workload " + w.name(), "looks' alpha", l.alpha());
            if (l.round() <= before || !(l.alpha() > 0)) {
                throw damaged("workload " + w.name(), "its looks are not increasing rounds with positive alphas");
            }
            before = l.round();
            spent += l.alpha();
        }
        if (spent > Looks.ALPHA + SAME) {
            throw damaged("workload " + w.name(), String.format(Locale.ROOT, "its looks spend alpha %.4f, more than the"
                    + " %.2f the 95%% intervals allow", spent, Looks.ALPHA));
        }
    }

    /**
     * The alpha of a comparison's interval: its look's (the look after as many rounds as it has), or 0.05 in a file
     * without looks; its ci_level must say the same.
     */
    private double alpha(String what, ResultsDocument.ComparisonEntry c, List<ResultsDocument.LookEntry> looks) {
        finite(what, "ci_level", c.ciLevel());
        double alpha = looks.isEmpty() ? Looks.ALPHA : looks.stream().filter(l -> l.round() == c.rounds())
                .findFirst().map(ResultsDocument.LookEntry::alpha).orElseThrow(() -> damaged(what, "its " + c.rounds()
                        + " rounds are none of the workload's planned looks"));
        if (Math.abs(c.ciLevel() - (1 - alpha)) > SAME) {
            throw damaged(what, String.format(Locale.ROOT, "its ci_level %s is not the %s of its look after %d rounds",
                    c.ciLevel(), 1 - alpha, c.rounds()));
        }
        return alpha;
    }

    private void comparison(ResultsDocument.ComparisonEntry c, List<ResultsDocument.LookEntry> looks) {
        String what = "comparison " + c.candidate() + " vs " + c.baseline() + " " + c.metric() + " on " + c.workload();
        double alpha = alpha(what, c, looks);
        finite(what, "ratio", c.ratio());
        finite(what, "ci_low", c.ciLow());
        finite(what, "ci_high", c.ciHigh());
        finite(what, "p_value", c.pValue());
        finite(what, "min_effect", c.minEffect());
        finite(what, "baseline_median", c.baselineMedian());
        finite(what, "candidate_median", c.candidateMedian());
        if (!(c.ciLow() > 0 && c.ciLow() <= c.ciHigh() && c.ratio() >= c.ciLow() * (1 - SAME)
                && c.ratio() <= c.ciHigh() * (1 + SAME))) {
            throw damaged(what, String.format(Locale.ROOT, "its ratio %s lies outside its CI [%s, %s]", c.ratio(),
                    c.ciLow(), c.ciHigh()));
        }
        Direction dir = direction(what, c.direction());
        Verdict recorded = verdict(what, c.verdict());
        double[] b = c.baselineSamples();
        double[] x = c.candidateSamples();
        boolean samples = b != null && x != null && b.length > 0;
        if (samples && (b.length != x.length || b.length != c.rounds() || !positive(b) || !positive(x))) {
            throw damaged(what, "its samples are not " + c.rounds() + " positive numbers per side, as its rounds say");
        }
        boolean constant = samples && constant(b) && constant(x);
        Verdict fromCi = Verdict.of(c.ciLow(), c.ciHigh(), c.pValue(), c.minEffect(), dir, c.rounds(),
                !(c.metric().startsWith("det.") || constant));
        if (fromCi != recorded) {
            throw disagrees(what, recorded.json(), String.format(Locale.ROOT,
                    "its CI %+.1f%% to %+.1f%%, p %.3g and minimum effect %s%% give '%s'", (c.ciLow() - 1) * 100,
                    (c.ciHigh() - 1) * 100, c.pValue(), c.minEffect() * 100, fromCi.json()));
        }
        if (samples && hodgesLehmann) {
            Comparison again = Comparison.of(c.metric(), c.unit(), dir, c.baseline(), c.candidate(), b, x, c.minEffect(),
                    c.bootstrapSeed(), alpha, 0);
            if (!close(again.ratio(), c.ratio()) || !close(again.ciLow(), c.ciLow()) || !close(again.ciHigh(), c.ciHigh())
                    || again.verdict() != recorded) {
                throw disagrees(what, String.format(Locale.ROOT, "%s, %+.2f%% [%+.2f%%, %+.2f%%]", recorded.json(),
                        (c.ratio() - 1) * 100, (c.ciLow() - 1) * 100, (c.ciHigh() - 1) * 100), String.format(Locale.ROOT,
                        "its samples give '%s', %+.2f%% [%+.2f%%, %+.2f%%]", again.verdict().json(),
                        again.changePercent(), (again.ciLow() - 1) * 100, (again.ciHigh() - 1) * 100));
            }
        }
    }

    /**
     * A ladder's gains: finite, the verdict one of the four, and each step's gain over the first step the same as the
     * bench's comparison of the two (the gain over the previous step has no comparison in the file to hold it to).
     */
    private void ladder(ResultsDocument.LadderBody l, ResultsDocument.BenchBody bench) {
        List<ResultsDocument.Step> steps = list(l.steps());
        for (ResultsDocument.Step st : steps) {
            String what = "ladder step " + st.variant() + " " + st.metric() + " on " + st.workload();
            for (ResultsDocument.Gain g : new ResultsDocument.Gain[] {st.vsRelease(), st.vsPrevious()}) {
                if (g != null) {
                    finite(what, "gain_percent", g.gainPercent());
                    finite(what, "ci_low_percent", g.ciLowPercent());
                    finite(what, "ci_high_percent", g.ciHighPercent());
                    verdict(what, g.verdict());
                }
            }
            ResultsDocument.Gain g = st.vsRelease();
            String first = steps.stream().filter(x -> x.workload().equals(st.workload())).findFirst()
                    .map(ResultsDocument.Step::variant).orElse("");
            if (g == null || bench == null) {
                continue;
            }
            list(bench.comparisons()).stream().filter(c -> st.workload().equals(c.workload())
                    && st.metric().equals(c.metric()) && first.equals(c.baseline()) && st.variant().equals(c.candidate()))
                    .findFirst().ifPresent(c -> {
                        boolean higher = "higher_is_better".equals(c.direction());
                        double gain = (higher ? 1 : -1) * (c.ratio() - 1) * 100;
                        if (Math.abs(gain - g.gainPercent()) > SAME_PERCENT || !c.verdict().equals(g.verdict())) {
                            throw disagrees(what, String.format(Locale.ROOT, "'%s', gain %+.1f%%", g.verdict(),
                                    g.gainPercent()), String.format(Locale.ROOT, "its comparison %s vs %s says '%s',"
                                    + " gain %+.1f%%", c.candidate(), c.baseline(), c.verdict(), gain));
                        }
                    });
        }
    }

    void finite(String what, String field, double v) {
        if (!Double.isFinite(v)) {
            throw damaged(what, "its " + field + " is " + v);
        }
    }

    Direction direction(String what, String json) {
        if ("lower_is_better".equals(json)) {
            return Direction.LOWER_IS_BETTER;
        }
        if ("higher_is_better".equals(json)) {
            return Direction.HIGHER_IS_BETTER;
        }
        throw damaged(what, "its direction is " + json + ", not lower_is_better or higher_is_better");
    }

    private Verdict verdict(String what, String json) {
        for (Verdict v : Verdict.values()) {
            if (v.json().equals(json)) {
                return v;
            }
        }
        throw damaged(what, "its verdict is " + json + ", not improved, regressed, no_change or inconclusive");
    }

    UserError damaged(String what, String why) {
        return new UserError(file + " is damaged: " + what + ": " + why, HINT);
    }

    UserError disagrees(String what, String recorded, String recomputed) {
        return new UserError(file + ": the recorded verdict of " + what + " disagrees with its numbers: it records "
                + recorded + ", but " + recomputed, HINT);
    }

    private static boolean close(double a, double b) {
        return Math.abs(a - b) <= SAME * Math.max(Math.abs(a), Math.abs(b));
    }

    private static boolean positive(double[] xs) {
        for (double x : xs) {
            if (!(x > 0 && Double.isFinite(x))) {
                return false;
            }
        }
        return true;
    }

    private static boolean constant(double[] xs) {
        for (double x : xs) {
            if (x != xs[0]) {
                return false;
            }
        }
        return true;
    }

    static <T> List<T> list(List<T> l) {
        return l == null ? List.of() : l;
    }
}
