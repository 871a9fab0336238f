package io.pgolab.measure;

import io.pgolab.stats.PairedRatio;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Rounds at a change of the machine's speed (a shared VM running in speed phases). A round is marked when,
 * for every subject, its value of the first primary metric in this round differs from its median over the
 * earlier rounds by more than {@link #THRESHOLD}, all in the same direction: a machine-wide shift, not one
 * subject's own change. Needs two or more subjects and {@link #MIN_EARLIER} earlier rounds. Marked rounds
 * are kept in the data and in the statistics; they are counted and warned about.
 */
public final class PhaseChanges {
    /** 15 %: above the run-to-run noise of a quiet machine (CV of 1-3 %), below the observed phase ratios (0.81-1.38). */
    public static final double THRESHOLD = 0.15;
    /** A median of fewer earlier rounds says little. */
    public static final int MIN_EARLIER = 3;
    /** Mean steal above this many percent gets a warning. */
    public static final double STEAL_PERCENT = 2.0;

    private PhaseChanges() {
    }

    /** The noise records with their phaseChange flags set. */
    static List<RoundNoise> mark(List<RoundNoise> noise, List<Run> runs, List<String> labels, String metric) {
        Map<String, TreeMap<Integer, List<Double>>> byLabel = byRound(runs, labels, metric);
        List<RoundNoise> out = new ArrayList<>();
        for (RoundNoise n : noise) {
            out.add(n.marked(labels.size() >= 2 && isPhaseChange(byLabel, labels, n.round())));
        }
        return out;
    }

    static boolean isPhaseChange(List<Run> runs, List<String> labels, String metric, int round) {
        return isPhaseChange(byRound(runs, labels, metric), labels, round);
    }

    /** Each subject's values of metric by round, in one pass over the runs (marking used to scan them per round). */
    private static Map<String, TreeMap<Integer, List<Double>>> byRound(List<Run> runs, List<String> labels,
                                                                       String metric) {
        Map<String, TreeMap<Integer, List<Double>>> byLabel = new HashMap<>();
        labels.forEach(l -> byLabel.put(l, new TreeMap<>()));
        for (Run r : runs) {
            TreeMap<Integer, List<Double>> m = byLabel.get(r.label());
            Double v = r.metrics().get(metric);
            if (m != null && v != null) {
                m.computeIfAbsent(r.round(), k -> new ArrayList<>(1)).add(v);
            }
        }
        return byLabel;
    }

    private static boolean isPhaseChange(Map<String, TreeMap<Integer, List<Double>>> byLabel, List<String> labels,
                                         int round) {
        int direction = 0;
        for (String label : labels) {
            TreeMap<Integer, List<Double>> values = byLabel.get(label);
            List<Double> now = values.getOrDefault(round, List.of());
            double[] earlier = values.headMap(round).values().stream().flatMap(List::stream)
                    .mapToDouble(Double::doubleValue).toArray();
            if (earlier.length < MIN_EARLIER || now.size() != 1) {
                return false;
            }
            double med = PairedRatio.median(earlier);
            if (!(med > 0)) {
                return false;
            }
            double change = now.get(0) / med - 1;
            if (Math.abs(change) <= THRESHOLD) {
                return false;
            }
            int d = change > 0 ? 1 : -1;
            if (direction != 0 && d != direction) {
                return false;
            }
            direction = d;
        }
        return true;
    }

    /** PHASE_CHANGES when any round is marked, STEAL when the mean steal is above {@link #STEAL_PERCENT}. */
    static List<Warning> warnings(List<RoundNoise> noise) {
        List<Warning> w = new ArrayList<>();
        List<RoundNoise> marked = noise.stream().filter(RoundNoise::phaseChange).toList();
        if (!marked.isEmpty()) {
            double steal = marked.stream().mapToDouble(RoundNoise::stealPercent).filter(x -> !Double.isNaN(x))
                    .max().orElse(Double.NaN);
            w.add(Warning.phaseChanges(marked.size(), noise.size(), steal, THRESHOLD));
        }
        double[] steals = noise.stream().mapToDouble(RoundNoise::stealPercent).filter(x -> !Double.isNaN(x)).toArray();
        if (steals.length > 0) {
            double mean = Arrays.stream(steals).average().orElse(0);
            if (mean > STEAL_PERCENT) {
                w.add(Warning.steal(mean, Arrays.stream(steals).max().orElse(0)));
            }
        }
        return w;
    }
}
