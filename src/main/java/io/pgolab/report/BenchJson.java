package io.pgolab.report;

import io.pgolab.bench.BenchResults;
import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.Run;
import io.pgolab.stats.Comparison;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The body of a bench/compare results file (docs/results-schema.md): raw samples and verdicts. */
public final class BenchJson {
    private BenchJson() {
    }

    public static Map<String, Object> body(BenchResults r, List<String> gated) {
        Map<String, Object> m = new LinkedHashMap<>();
        Map<String, Object> method = new LinkedHashMap<>();
        method.put("warmup_rounds", r.settings().warmupRounds());
        method.put("min_rounds", r.settings().minRounds());
        method.put("budget_seconds", r.settings().budget().toMillis() / 1000.0);
        method.put("target_ci_half_width_percent", r.settings().targetHalfWidthPercent());
        method.put("primary_metrics", r.settings().primaryMetrics());
        method.put("gated_metrics", gated);
        method.put("seed", r.settings().seed());
        method.put("pinned_cpu", r.settings().cpu());
        method.put("deterministic", r.deterministic());
        method.put("ci_level", 0.95);
        method.put("bootstrap_resamples", io.pgolab.stats.PairedRatio.RESAMPLES);
        method.put("significance_test", "Mann-Whitney U, two-sided, alpha 0.05");
        m.put("method", method);
        List<Map<String, Object>> workloads = new ArrayList<>();
        List<Map<String, Object>> flat = new ArrayList<>();
        for (BenchResults.WorkloadResult w : r.workloads()) {
            CampaignResult c = w.campaign();
            Map<String, Object> wm = new LinkedHashMap<>();
            wm.put("name", w.name());
            wm.put("command", w.command());
            wm.put("subjects", c.labels());
            wm.put("rounds", c.rounds());
            wm.put("stop_reason", c.stopReason());
            wm.put("elapsed_seconds", c.elapsedSeconds());
            wm.put("warnings", c.warnings());
            wm.put("last_output_line", c.outputs());
            Map<String, Object> metrics = new LinkedHashMap<>();
            c.metrics().values().forEach(i -> metrics.put(i.name(), Map.of("unit", i.unit(), "direction", i.direction().json())));
            wm.put("metrics", metrics);
            Map<String, Object> medians = new LinkedHashMap<>();
            for (String label : c.labels()) {
                medians.put(label, c.medians(label));
            }
            wm.put("medians", medians);
            List<Map<String, Object>> comps = new ArrayList<>();
            for (Comparison x : w.comparisons()) {
                Map<String, Object> e = comparison(w.name(), x, gated.contains(x.metric()));
                comps.add(e);
                flat.add(e);
            }
            wm.put("comparisons", comps);
            if (!w.potential().isEmpty()) {
                Map<String, Object> pot = new LinkedHashMap<>();
                w.potential().forEach((v, p) -> pot.put(v, p.json()));
                wm.put("pgo_potential", pot);
            }
            List<Map<String, Object>> runs = new ArrayList<>();
            for (Run run : c.runs()) {
                Map<String, Object> rm = new LinkedHashMap<>();
                rm.put("subject", run.label());
                rm.put("round", run.round());
                rm.put("position", run.position());
                rm.put("metrics", run.metrics());
                runs.add(rm);
            }
            wm.put("runs", runs);
            workloads.add(wm);
        }
        m.put("workloads", workloads);
        m.put("comparisons", flat);
        m.put("summary", r.summary(gated));
        m.put("regressions", r.regressions(gated).size());
        return m;
    }

    static Map<String, Object> comparison(String workload, Comparison x, boolean gated) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("workload", workload);
        e.put("baseline", x.baseline());
        e.put("candidate", x.candidate());
        e.put("metric", x.metric());
        e.put("unit", x.unit());
        e.put("direction", x.direction().json());
        e.put("baseline_median", x.baselineMedian());
        e.put("candidate_median", x.candidateMedian());
        e.put("ratio", x.ratio());
        e.put("ci_low", x.ciLow());
        e.put("ci_high", x.ciHigh());
        e.put("ci_level", 0.95);
        e.put("p_value", x.pValue());
        e.put("min_effect", x.minEffect());
        e.put("verdict", x.verdict().json());
        e.put("gated", gated);
        e.put("rounds", x.rounds());
        e.put("bootstrap_seed", x.seed());
        e.put("baseline_cv", x.baselineCv());
        e.put("candidate_cv", x.candidateCv());
        e.put("baseline_samples", x.baselineSamples());
        e.put("candidate_samples", x.candidateSamples());
        return e;
    }
}
