package io.pgolab.measure;

import io.pgolab.stats.Comparison;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A gated measure the campaign's stop rule waits for: a metric of a candidate against its baseline, and what
 * decides it. The predicate is the verdict function of whoever gates (a bench: the comparison's verdict is not
 * inconclusive; a gate: the measure is within or out of bounds), applied to the very comparison the report will
 * show, so that the decision that stopped the campaign is the verdict reported.
 *
 * @param minEffect the comparison's minimum effect (a fraction), as the report's comparison has it
 * @param settles   for a decided comparison, why the verdict of the whole run is then decided whatever the other
 *                  measures do (a gate: this measure is out of bounds), from the same verdict function; empty when it
 *                  is not, or when every measure is to be measured anyway ({@code --measure-all})
 */
public record Gated(String baseline, String candidate, String metric, double minEffect, Predicate<Comparison> decided,
                    Function<Comparison, Optional<String>> settles) {

    /** A measure whose decision never settles the whole verdict alone (a bench's). */
    public Gated(String baseline, String candidate, String metric, double minEffect, Predicate<Comparison> decided) {
        this(baseline, candidate, metric, minEffect, decided, c -> Optional.empty());
    }

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
