package io.pgolab.report.files;

import io.pgolab.bench.GateMeasure;
import io.pgolab.bench.GateResult;
import io.pgolab.bench.Microbench;
import io.pgolab.report.json.ResultsDocument;
import io.pgolab.report.text.GateReport;
import io.pgolab.stats.Direction;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A gate file's verdict decided again, for {@link RecordedVerdicts}: each measure's status from its CI and bound, and
 * against the comparison it came from; the gate's counts and {@code passed} from those statuses; its summary line
 * written again from the measures by the function a gate that runs uses.
 */
final class RecordedGate {
    private static final double SAME_PERCENT = RecordedVerdicts.SAME_PERCENT;

    private final RecordedVerdicts check;

    RecordedGate(RecordedVerdicts check) {
        this.check = check;
    }

    ResultsDocument.GateBody gate(ResultsDocument.GateBody g, List<ResultsDocument.Workload> workloads,
                                  List<String> uncompared) {
        String policy = g.inconclusive();
        if (!"pass".equals(policy) && !"fail".equals(policy)) {
            throw check.damaged("the gate", "its 'inconclusive' is " + policy + ", not \"pass\" or \"fail\"");
        }
        List<GateResult.Described> described = new ArrayList<>();
        List<GateResult.Described> benchmarks = new ArrayList<>();
        List<GateResult.Described> own = new ArrayList<>();
        int[] counts = new int[GateMeasure.Status.values().length];
        for (ResultsDocument.MeasureEntry m : list(g.measures())) {
            GateMeasure.Status s = measure(m, workloads);
            counts[s.ordinal()]++;
            double estimateWorse = "lower_is_better".equals(m.direction()) ? m.changePercent() : -m.changePercent();
            boolean improved = s == GateMeasure.Status.WITHIN_BOUNDS
                    && GateMeasure.improved(estimateWorse, m.worstPercent(), m.boundPercent());
            described.add(new GateResult.Described(s, GateMeasure.describe(m.workload(), m.variant(), m.metric(),
                    m.changePercent(), m.ciLowPercent(), m.ciHighPercent(), m.boundPercent()),
                    improved ? GateMeasure.describeImprovement(m.workload(), m.variant(), m.metric(), m.changePercent(),
                            m.ciLowPercent(), m.ciHighPercent()) : ""));
            (Microbench.isBenchmark(m.metric()) ? benchmarks : own).add(described.get(described.size() - 1));
        }
        described.addAll(GateResult.uncompared(uncompared));
        own.addAll(GateResult.uncompared(uncompared));
        int within = counts[GateMeasure.Status.WITHIN_BOUNDS.ordinal()];
        int out = counts[GateMeasure.Status.OUT_OF_BOUNDS.ordinal()];
        int unsure = counts[GateMeasure.Status.INCONCLUSIVE.ordinal()] + uncompared.size();
        if (within != g.measuresWithinBounds() || out != g.measuresOutOfBounds() || unsure != g.measuresInconclusive()) {
            throw check.disagrees("the gate", String.format(Locale.ROOT, "%d within bounds, %d out of bounds, %d inconclusive",
                    g.measuresWithinBounds(), g.measuresOutOfBounds(), g.measuresInconclusive()), String.format(Locale.ROOT,
                    "its measures are %d within bounds, %d out of bounds, %d inconclusive", within, out, unsure));
        }
        boolean passed = GateResult.passed(described.stream().map(GateResult.Described::status).toList(), policy);
        if (passed != g.passed()) {
            throw check.disagrees("the gate", "passed: " + g.passed(), "its measures (" + out + " out of bounds, " + unsure
                    + " inconclusive, --inconclusive " + policy + ") give passed: " + passed);
        }
        String same = g.samePrograms() == null ? "" : g.samePrograms();
        if (!same.isEmpty() && !g.measures().isEmpty()) {
            throw check.damaged("the gate", "it says both commits build the same programs (same_programs), yet it has "
                    + g.measures().size() + " measures");
        }
        String summary = GateResult.summary(GateReport.shortSha(g.candidate()), GateReport.shortSha(g.base()), g.host(),
                described, policy, g.borrowed(), same);
        return new ResultsDocument.GateBody(g.base(), g.candidate(), g.host(), g.configPath(), g.variants(), policy, passed,
                summary, within, out, unsure, g.measures(), g.notes(), GateResult.microbench(benchmarks).orElse(null),
                g.borrowed() ? Boolean.TRUE : null, same.isEmpty() ? null : same,
                GateResult.program(own, !benchmarks.isEmpty()).orElse(null));
    }

    /** The measure's status from its CI and bound, checked against what it records and the comparison behind it. */
    private GateMeasure.Status measure(ResultsDocument.MeasureEntry m, List<ResultsDocument.Workload> workloads) {
        String what = "measure " + m.variant() + " " + m.metric() + " on " + m.workload();
        check.finite(what, "change_percent", m.changePercent());
        check.finite(what, "ci_low_percent", m.ciLowPercent());
        check.finite(what, "ci_high_percent", m.ciHighPercent());
        check.finite(what, "worst_percent", m.worstPercent());
        check.finite(what, "bound_percent", m.boundPercent());
        if (!(m.ciLowPercent() <= m.changePercent() + SAME_PERCENT && m.changePercent() <= m.ciHighPercent() + SAME_PERCENT)) {
            throw check.damaged(what, String.format(Locale.ROOT, "its change %+.1f%% lies outside its CI %+.1f%% to %+.1f%%",
                    m.changePercent(), m.ciLowPercent(), m.ciHighPercent()));
        }
        boolean lower = check.direction(what, m.direction()) == Direction.LOWER_IS_BETTER;
        double worst = lower ? m.ciHighPercent() : -m.ciLowPercent();
        double best = lower ? m.ciLowPercent() : -m.ciHighPercent();
        if (Math.abs(worst - m.worstPercent()) > SAME_PERCENT) {
            throw check.damaged(what, String.format(Locale.ROOT, "its worst_percent %+.2f%% is not its CI's worst end %+.2f%%",
                    m.worstPercent(), worst));
        }
        GateMeasure.Status s = GateMeasure.status(worst, best, m.boundPercent(), m.rounds());
        if (!s.json().equals(m.verdict())) {
            throw check.disagrees(what, m.verdict(), String.format(Locale.ROOT, "its CI %+.1f%% to %+.1f%% against the bound"
                    + " +%s%% gives '%s'", m.ciLowPercent(), m.ciHighPercent(), plain(m.boundPercent()), s.json()));
        }
        workloads.stream().filter(w -> m.workload().equals(w.name())).flatMap(w -> list(w.comparisons()).stream())
                .filter(c -> m.metric().equals(c.metric()) && c.candidate() != null
                        && c.candidate().endsWith(":" + m.variant()) && c.baseline() != null
                        && c.baseline().endsWith(":" + m.variant()))
                .findFirst().ifPresent(c -> {
                    double lo = (c.ciLow() - 1) * 100;
                    double hi = (c.ciHigh() - 1) * 100;
                    double change = (c.ratio() - 1) * 100;
                    if (Math.abs(lo - m.ciLowPercent()) > SAME_PERCENT || Math.abs(hi - m.ciHighPercent()) > SAME_PERCENT
                            || Math.abs(change - m.changePercent()) > SAME_PERCENT || c.rounds() != m.rounds()) {
                        throw check.disagrees(what, String.format(Locale.ROOT, "%+.1f%% (CI %+.1f%% to %+.1f%%, %d rounds)",
                                m.changePercent(), m.ciLowPercent(), m.ciHighPercent(), m.rounds()), String.format(
                                Locale.ROOT, "its comparison %s vs %s says %+.1f%% (CI %+.1f%% to %+.1f%%, %d rounds)",
                                c.candidate(), c.baseline(), change, lo, hi, c.rounds()));
                    }
                });
        return s;
    }

    private static String plain(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private static <T> List<T> list(List<T> l) {
        return RecordedVerdicts.list(l);
    }
}
