package io.pgolab.report.html;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.pgolab.measure.perf.Flamegraph;
import io.pgolab.report.Html;
import io.pgolab.report.json.ResultsDocument;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What the report's charts draw, as records written into the page as JSON ({@link Html#json}): every compared
 * pair's samples and CI, each ladder's steps, each flamegraph. The page's elements that hold a chart carry the same
 * id; report.js and flame.js draw them.
 */
final class HtmlData {
    /** One compared pair on one metric: the rounds' samples and the ratio's CI against ±min_effect (percent). */
    record Pair(String id, String workload, String baseline, String candidate, String metric, String unit,
                String direction, double[] baselineSamples, double[] candidateSamples, double baselineMedian,
                double candidateMedian, double changePercent, double ciLowPercent, double ciHighPercent,
                double minEffectPercent, String verdict, Double boundPercent) {
    }

    /** gain, ci_low and ci_high are null for the first step (the baseline). */
    record LadderStep(String variant, Double gain, Double ciLow, Double ciHigh, String verdict, double buildSeconds,
                      double pipelineSeconds, long binaryBytes) {
    }

    record LadderChart(String id, String workload, String metric, List<LadderStep> steps) {
    }

    /**
     * A flamegraph; base is set for the differential one (profile is then the candidate's). The page holds each
     * profile once, under profiles: profile_key and base_key name them there.
     */
    record Flame(String id, String workload, String variant, String title,
                 @JsonIgnore Flamegraph profile, String baseVariant,
                 @JsonIgnore Flamegraph base, String profileKey, String baseKey) {
    }

    record Data(List<Pair> pairs, List<LadderChart> ladders, List<Flame> flames, Map<String, Flamegraph> profiles) {
    }

    private final List<Pair> pairs = new ArrayList<>();
    private final List<LadderChart> ladders = new ArrayList<>();
    private final List<Flame> flames = new ArrayList<>();
    private final Map<String, Flamegraph> profiles = new LinkedHashMap<>();
    private int next;

    Data data() {
        return new Data(List.copyOf(pairs), List.copyOf(ladders), List.copyOf(flames), profiles);
    }

    /** The pairs charted for a workload: gated metrics (and a gate's bounded ones), else its first metric. */
    List<Pair> pairs(ResultsDocument.Workload w, Optional<ResultsDocument.GateBody> gate) {
        List<ResultsDocument.ComparisonEntry> cs = w.comparisons() == null ? List.of() : w.comparisons();
        Set<String> metrics = new LinkedHashSet<>();
        cs.stream().filter(ResultsDocument.ComparisonEntry::gated).forEach(c -> metrics.add(c.metric()));
        gate.ifPresent(g -> g.measures().stream().filter(m -> m.workload().equals(w.name()))
                .forEach(m -> metrics.add(m.metric())));
        if (metrics.isEmpty() && !cs.isEmpty()) {
            metrics.add(cs.get(0).metric());
        }
        List<Pair> out = new ArrayList<>();
        for (ResultsDocument.ComparisonEntry c : cs) {
            if (!metrics.contains(c.metric())) {
                continue;
            }
            Double bound = gate.flatMap(g -> g.measures().stream().filter(m -> m.workload().equals(w.name())
                            && c.candidate().endsWith(":" + m.variant()) && m.metric().equals(c.metric())).findFirst())
                    .map(ResultsDocument.MeasureEntry::boundPercent).orElse(null);
            Pair p = new Pair(id("pair"), w.name(), c.baseline(), c.candidate(), c.metric(), c.unit(), c.direction(),
                    c.baselineSamples(), c.candidateSamples(), c.baselineMedian(), c.candidateMedian(),
                    (c.ratio() - 1) * 100, (c.ciLow() - 1) * 100, (c.ciHigh() - 1) * 100, c.minEffect() * 100,
                    gate.isPresent() ? HtmlTables.gateVerdict(gate, w, c).orElse(c.verdict()) : c.verdict(), bound);
            out.add(p);
        }
        pairs.addAll(out);
        return out;
    }

    /** One chart per workload of the ladder, in step order. */
    List<LadderChart> ladders(ResultsDocument.LadderBody l) {
        List<LadderChart> out = new ArrayList<>();
        String workload = null;
        List<LadderStep> steps = null;
        String metric = null;
        for (ResultsDocument.Step s : l.steps()) {
            if (!s.workload().equals(workload)) {
                if (steps != null) {
                    out.add(new LadderChart(id("ladder"), workload, metric, steps));
                }
                workload = s.workload();
                metric = s.metric();
                steps = new ArrayList<>();
            }
            ResultsDocument.Gain g = s.vsRelease();
            steps.add(new LadderStep(s.variant(), g == null ? null : g.gainPercent(), g == null ? null : g.ciLowPercent(),
                    g == null ? null : g.ciHighPercent(), g == null ? "baseline" : g.verdict(), s.buildSeconds(),
                    s.pipelineSeconds(), s.binaryBytes()));
        }
        if (steps != null) {
            out.add(new LadderChart(id("ladder"), workload, metric, steps));
        }
        ladders.addAll(out);
        return out;
    }

    /** A flamegraph per variant of the workload, then each compared pair's candidate against its baseline. */
    List<Flame> flames(ResultsDocument.Workload w) {
        Map<String, Flamegraph> f = w.flamegraphsOrEmpty();
        List<Flame> out = new ArrayList<>();
        List<String> variants = new ArrayList<>(w.subjects() == null ? List.copyOf(f.keySet())
                : w.subjects().stream().filter(f::containsKey).toList());
        f.keySet().stream().filter(v -> !variants.contains(v)).forEach(variants::add);
        Map<String, String> keys = new LinkedHashMap<>();
        for (String v : variants) {
            String key = "profile-" + profiles.size();
            profiles.put(key, f.get(v));
            keys.put(v, key);
            out.add(new Flame(id("flame"), w.name(), v, v, f.get(v), null, null, key, null));
        }
        Set<String> seen = new LinkedHashSet<>();
        for (ResultsDocument.ComparisonEntry c : w.comparisons() == null ? List.<ResultsDocument.ComparisonEntry>of()
                : w.comparisons()) {
            if (f.containsKey(c.baseline()) && f.containsKey(c.candidate()) && seen.add(c.baseline() + "\n" + c.candidate())) {
                out.add(new Flame(id("flame"), w.name(), c.candidate(), c.candidate() + " vs " + c.baseline(),
                        f.get(c.candidate()), c.baseline(), f.get(c.baseline()), keys.get(c.candidate()), keys.get(c.baseline())));
            }
        }
        flames.addAll(out);
        return out;
    }

    private String id(String kind) {
        return kind + "-" + next++;
    }
}
