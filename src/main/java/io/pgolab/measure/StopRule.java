package io.pgolab.measure;

import io.pgolab.stats.Comparison;
import io.pgolab.stats.Looks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The campaign's sequential stopping rule (docs/statistics.md, "Decide, then stop"): once the seconds per round are
 * known it plans its looks ({@link Looks}) up to the rounds the cap leaves room for; at each look it builds every
 * undecided gated measure's comparison at the look's alpha and asks the measure's own verdict function whether it is
 * decided. A decided measure keeps that look's comparison. The campaign stops at the look where every gated measure
 * is decided, or at the cap: the last planned look. When the rounds get faster than the warm-up timed, the plan is
 * extended up to the rounds the time left fits ({@link #onPace}), so an undecided measure is measured until the cap. When the rounds get slower than the warm-up timed and the next
 * planned look would not fit in the time left, the rest of the plan becomes one last look where the time ends, with
 * the alpha the dropped looks would have spent ({@link Looks#endingAt}). It never stops between looks, so every
 * reported interval is a look's.
 */
final class StopRule {
    private final CampaignSettings s;
    private final GatedMeasures gated;
    /** The share of the time left that the last look's rounds may fill (rounds vary). */
    static final double FIT = 0.95;
    private Looks looks = Looks.none();
    private boolean replanned;
    private final Map<String, Integer> decidedAt = new LinkedHashMap<>();
    private final Map<Integer, Double> lookSeconds = new LinkedHashMap<>();

    StopRule(CampaignSettings s, GatedMeasures gated) {
        this.s = s;
        this.gated = gated;
    }

    /** Plans the looks: the cap leaves secondsLeft for measured rounds of secondsPerRound each. */
    void plan(double secondsLeft, double secondsPerRound) {
        double fit = secondsPerRound > 0 ? Math.floor(secondsLeft / secondsPerRound) : s.maxRounds();
        int planned = (int) Math.max(s.minRounds(), Math.min(s.maxRounds(), fit));
        looks = Looks.plan(s.minRounds(), planned);
    }

    boolean planned() {
        return looks.sequential();
    }

    /**
     * After a round: empty to go on, else why the campaign stops.
     *
     * @param sinceStart seconds since the campaign started (warm-up included), when the look is taken
     * @param left       seconds of the cap left
     */
    Optional<String> after(int round, List<Run> runs, Map<String, MetricInfo> metrics, double sinceStart, double left,
                           double perRound) {
        Optional<Looks.Look> look = looks.at(round);
        if (look.isEmpty()) {
            return round >= s.maxRounds() ? Optional.of("round limit of " + s.maxRounds() + " reached") : Optional.empty();
        }
        if (!replanned && perRound > 0) {
            Looks paced = onPace(looks, round, s.maxRounds(), left, perRound);
            if (paced != looks) {
                looks = paced;
                look = looks.at(round);
                if (look.isEmpty()) {
                    return Optional.empty(); // this round's alpha went to a later look
                }
            }
        }
        lookSeconds.put(round, sinceStart);
        List<String> undecided = new ArrayList<>();
        List<String> settled = new ArrayList<>();
        int measures = 0;
        // asked at every look: a suite's benchmarks appear once it ran
        for (Gated g : gated.of(metrics.keySet())) {
            if (decidedAt.containsKey(g.key())) {
                measures++;
                continue;
            }
            Optional<Comparison> c = comparison(g, runs, metrics, round, look.get().alpha(), sinceStart);
            if (c.isEmpty()) {
                continue; // not measured, or not comparable (zero counts): not a measure, as in the report
            }
            measures++;
            if (g.decided().test(c.get())) {
                decidedAt.put(g.key(), round);
                g.settles().apply(c.get()).ifPresent(why -> settled.add(describe(g, c.get()) + " " + why));
            } else {
                undecided.add(describe(g, c.get()));
            }
        }
        String level = Comparison.levelPercent(look.get().alpha());
        if (undecided.isEmpty()) {
            return Optional.of(String.format(Locale.ROOT, "decided: %s at the look after round %d (%.0fs; %s%% CI)",
                    measures == 0 ? "no gated measure to decide" : measures == 1 ? "the gated measure"
                            : "all " + measures + " gated measures", round, sinceStart, level));
        }
        String which = String.format(Locale.ROOT, "%d of %d gated measure%s undecided (%s%% CI): %s", undecided.size(),
                measures, measures == 1 ? "" : "s", level, String.join("; ", undecided));
        if (!settled.isEmpty()) {
            // the verdict cannot change whatever the undecided measures do: measuring them is time lost
            return Optional.of(String.format(Locale.ROOT, SETTLED + "%s, at the look after round %d (%.0fs; %s%% CI);"
                    + " left %s", String.join("; ", settled), round, sinceStart, level, which));
        }
        Optional<Looks.Look> next = looks.after(round);
        if (next.isEmpty()) {
            return Optional.of(String.format(Locale.ROOT, "cap: the last look (round %d) is done and the --max-time of"
                    + " %ds leaves no room for another; %s", round, s.maxTime().toSeconds(), which));
        }
        double needed = (next.get().round() - round) * perRound;
        // the rounds got slower than planned: one last look where the time left ends (with a margin for rounds that
        // slow down further), with all the alpha the dropped looks would have spent; once, so the plan ends
        int fits = round + (int) Math.floor(Math.max(0, left) * FIT / perRound);
        if (needed > left && !replanned && fits > round && perRound > 0) {
            looks = looks.endingAt(round, fits);
            replanned = true;
            return Optional.empty();
        }
        if (needed > left) {
            return Optional.of(String.format(Locale.ROOT, "cap: --max-time %ds leaves %.0fs, the next look (round %d)"
                    + " needs about %.0fs more; %s", s.maxTime().toSeconds(), Math.max(0, left), next.get().round(),
                    needed, which));
        }
        return Optional.empty();
    }

    private static String describe(Gated g, Comparison c) {
        return String.format(Locale.ROOT, "%s %+.1f%% [%+.1f%%, %+.1f%%]", g.describe(), c.changePercent(),
                (c.ciLow() - 1) * 100, (c.ciHigh() - 1) * 100);
    }

    /** The stop reason of a campaign stopped because one measure settled the verdict ({@link Gated#settles}). */
    static final String SETTLED = "settled: ";

    /**
     * The plan extended when the rounds went faster than the warm-up timed: at a look, before its interval is
     * computed, when the time left fits more than {@link #EXTEND} times the rounds the plan ends at, the looks from
     * this one on are planned again up to the rounds that fit ({@link Looks#extendedTo}). It asks the time only, never
     * the data nor whether a measure is decided, so the alpha the looks spend stays a plan fixed in advance of what
     * they see, and a measure still undecided is measured until the cap.
     */
    static Looks onPace(Looks looks, int round, int maxRounds, double left, double perRound) {
        int fits = (int) Math.min(maxRounds, round + Math.floor(Math.max(0, left) * FIT / perRound));
        return fits > looks.last() * EXTEND ? looks.extendedTo(round, fits) : looks;
    }

    /** The plan is extended once the rounds that fit are this many times its last look's. */
    static final double EXTEND = 1.2;

    private Optional<Comparison> comparison(Gated g, List<Run> runs, Map<String, MetricInfo> metrics, int round,
                                            double alpha, double seconds) {
        MetricInfo m = metrics.get(g.metric());
        if (m == null) {
            return Optional.empty();
        }
        double[] b = CampaignResult.values(runs, g.baseline(), g.metric());
        double[] c = CampaignResult.values(runs, g.candidate(), g.metric());
        if (b.length != round || c.length != round) {
            return Optional.empty();
        }
        return CampaignResult.comparison(m, g.baseline(), g.candidate(), b, c, g.minEffect(), s.seed(), alpha, seconds);
    }

    Looks looks() {
        return looks;
    }

    Map<String, Integer> decidedAt() {
        return Map.copyOf(decidedAt);
    }

    Map<Integer, Double> lookSeconds() {
        return Map.copyOf(lookSeconds);
    }
}
