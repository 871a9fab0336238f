package io.pgolab.measure;

import io.pgolab.stats.Comparison;
import java.util.function.Predicate;

/**
 * A gated measure the campaign's stop rule waits for: a metric of a candidate against its baseline, and what
 * decides it. The predicate is the verdict function of whoever gates (a bench: the comparison's verdict is not
 * inconclusive; a gate: the measure is within or out of bounds), applied to the very comparison the report will
 * show, so that the decision that stopped the campaign is the verdict reported.
 *
 * @param minEffect the comparison's minimum effect (a fraction), as the report's comparison has it
 */
public record Gated(String baseline, String candidate, String metric, double minEffect, Predicate<Comparison> decided) {

    /** The key under which a campaign records when this measure was decided. */
    public String key() {
        return key(baseline, candidate, metric);
    }

    public static String key(String baseline, String candidate, String metric) {
        return baseline + "\u0000" + candidate + "\u0000" + metric;
    }

    /** "candidate cpu_time", for the stop reason. */
    public String describe() {
        return candidate + " " + metric;
    }
}
