package io.pgolab.bench;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.pgolab.profile.TrainingMatch;
import io.pgolab.util.OneOf;
import io.pgolab.util.Required;
import java.util.List;
import java.util.Locale;

/**
 * A profile-guided variant that lost to a variant without a profile: a gated comparison whose verdict is regressed
 * ({@link Losses} finds them). Written to results files as an entry of "losses" (docs/results-schema.md) and said
 * first in every report of a bench or ladder: the {@link #headline()}, then the {@link #fix}.
 *
 * @param changePercent the metric's change, candidate against baseline, in percent, as the tables show it
 * @param coldShare     the share of the workload's counts in functions training left cold (the training check's), null
 *                      when the check did not run for it
 * @param coldFunctions the functions holding most of it, readable names, hottest first (empty when unknown)
 * @param coldNeverRan  whether every listed function never ran in training (else some ran, rarely); null when unknown
 * @param guard         [toolchain] partial_training: true on, false off, null when the toolchain has no such guard
 * @param cause         {@code guard_off}, {@code training_missed}, {@code training_covered} or {@code unknown}
 * @param unknown       why the share is unknown (null when it is known)
 * @param fix           what to do, one sentence
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Loss(@Required String variant, @Required String baseline, @Required String workload,
                   @Required String metric, String unit,
                   @OneOf({"lower_is_better", "higher_is_better"}) String direction,
                   double changePercent, double ciLowPercent, double ciHighPercent, Double coldShare,
                   List<String> coldFunctions, Boolean coldNeverRan, Boolean guard,
                   @Required @OneOf({"guard_off", "training_missed", "training_covered", "unknown"}) String cause,
                   String unknown, @Required String fix) {

    public static final String GUARD_OFF = "guard_off";
    public static final String TRAINING_MISSED = "training_missed";
    public static final String TRAINING_COVERED = "training_covered";
    public static final String UNKNOWN = "unknown";

    /** How many of the cold functions the headline names. */
    static final int NAMED = 3;

    /**
     * "LOSS: pgo is 5.9% slower than release on n-body (cpu_time +5.9% [+1.9%, +10.8%]): 13% of n-body's counts are
     * in functions training never ran (f, g, h)". Drawn from the fields alone, for a bench that ran and a file read again.
     */
    public String headline() {
        boolean higherIsBetter = "higher_is_better".equals(direction);
        double worse = Math.abs(changePercent);
        String how = slowness(unit) ? "slower" : "worse";
        String s = String.format(Locale.ROOT, "LOSS: %s is %.1f%% %s than %s on %s (%s %+.1f%% [%+.1f%%, %+.1f%%]%s)",
                variant, worse, how, baseline, workload, metric, changePercent, ciLowPercent, ciHighPercent,
                higherIsBetter && how.equals("worse") ? ", higher is better" : "");
        if (coldShare == null) {
            return s + ": the share of " + workload + "'s counts in code training missed is unknown"
                    + (unknown == null || unknown.isEmpty() ? "" : "; " + unknown);
        }
        String where = Boolean.TRUE.equals(coldNeverRan) ? "functions training never ran" : "functions training left cold";
        String names = coldFunctions == null || coldFunctions.isEmpty() ? ""
                : " (" + String.join(", ", coldFunctions.subList(0, Math.min(NAMED, coldFunctions.size()))) + ")";
        return s + ": " + (TRAINING_COVERED.equals(cause) ? "only " : "") + TrainingMatch.percent(coldShare)
                + " of " + workload + "'s counts are in " + where + names;
    }

    /** "fix: ..." as the reports print it under the headline. */
    public String fixLine() {
        return "fix: " + fix;
    }

    /** Times and rates get "slower"; anything else (memory, a score) "worse". */
    static boolean slowness(String unit) {
        return unit != null && (unit.equals("s") || unit.equals("ms") || unit.equals("us") || unit.equals("ns")
                || unit.contains("/s") || unit.endsWith("/sec"));
    }
}
