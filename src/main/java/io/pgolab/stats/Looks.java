package io.pgolab.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The planned looks of a sequential comparison (docs/statistics.md, "Decide, then stop"): the round counts at which
 * the campaign looks at its data, each with the alpha its interval spends. The looks are geometrically spaced
 * backwards from the last one (the rounds the cap leaves room for): last, last / 1.5, last / 1.5², ... down to the
 * minimum rounds. Alpha is spent linearly in rounds (the Lan-DeMets spending function alpha·t, t = rounds / last),
 * so look k spends {@link #ALPHA} · (n_k - n_(k-1)) / last and all looks together spend {@link #ALPHA}. Whatever the
 * correlation between the looks, the union bound makes every look's interval cover the true ratio at once with
 * probability at least 1 - {@link #ALPHA}: a campaign may stop at any look, for any reason (every gated measure
 * decided, the cap), and the intervals it reports keep their 95%. A leading look whose alpha is too small for the
 * exact interval at its rounds ({@link HodgesLehmann#smallestAlpha}) is merged into the next one.
 *
 * @param looks in increasing rounds; empty: not sequential, one 95% interval at whatever rounds were measured
 */
public record Looks(List<Look> looks) {
    /** The total alpha every look of a campaign spends together: the 95% of the reported intervals. */
    public static final double ALPHA = 1 - HodgesLehmann.CONFIDENCE;
    /** Each look after this many times the rounds of the one before (backwards from the last look). */
    public static final double SPACING = 1.5;

    /** One look: after this many rounds, an interval at level 1 - alpha. */
    public record Look(int round, double alpha) {
    }

    public Looks {
        looks = List.copyOf(looks);
    }

    /** Not sequential: the single 95% interval of every comparison (results written before the sequential rule). */
    public static Looks none() {
        return new Looks(List.of());
    }

    /** The plan for a campaign of at least minRounds rounds that has room for about plannedRounds. */
    public static Looks plan(int minRounds, int plannedRounds) {
        int last = Math.max(minRounds, plannedRounds);
        List<Integer> rounds = new ArrayList<>();
        for (double n = last; Math.floor(n) >= minRounds; n /= SPACING) {
            int r = (int) Math.floor(n);
            if (rounds.isEmpty() || r < rounds.get(0)) {
                rounds.add(0, r);
            }
        }
        int first = 0;
        while (first < rounds.size() - 1 && ALPHA * rounds.get(first) / last < HodgesLehmann.smallestAlpha(rounds.get(first))) {
            first++;
        }
        List<Look> out = new ArrayList<>();
        int before = 0;
        for (int r : rounds.subList(first, rounds.size())) {
            out.add(new Look(r, ALPHA * (r - before) / last));
            before = r;
        }
        return new Looks(out);
    }

    /**
     * The looks up to afterRound as planned, then one last look at finalRound with all the alpha they left: the plan
     * when the rounds got slower than the warm-up timed and the next planned look no longer fits before the cap. The
     * looks dropped never happen, so the alpha they would have spent is spent once, at the last look, and all looks
     * together still spend {@link #ALPHA}. (The last look's round follows the time per round, not the data.)
     */
    public Looks endingAt(int afterRound, int finalRound) {
        List<Look> kept = looks.stream().filter(l -> l.round() <= afterRound).toList();
        double spent = kept.stream().mapToDouble(Look::alpha).sum();
        if (finalRound <= afterRound || spent >= ALPHA) {
            return this;
        }
        List<Look> out = new ArrayList<>(kept);
        out.add(new Look(finalRound, ALPHA - spent));
        return new Looks(out);
    }

    /**
     * The plan extended: the looks before atRound as planned, then looks from atRound up to newLast (geometrically
     * spaced backwards from it, as {@link #plan}) that share the alpha the earlier looks left, linearly in rounds from
     * the last look before atRound. The plan when the rounds got faster than the warm-up timed and the cap leaves room
     * for more rounds than planned: decided from the time alone, before the look's interval is computed, so the
     * spending never depends on what the data say; all looks together still spend at most {@link #ALPHA} (the
     * maximum information of the spending function re-estimated, docs/statistics.md, "The cap"). A leading new look
     * whose alpha is too small for an exact interval is merged into the next one; atRound may then be no look.
     */
    public Looks extendedTo(int atRound, int newLast) {
        List<Look> kept = looks.stream().filter(l -> l.round() < atRound).toList();
        double left = ALPHA - kept.stream().mapToDouble(Look::alpha).sum();
        int before = kept.isEmpty() ? 0 : kept.get(kept.size() - 1).round();
        if (newLast <= last() || newLast <= atRound || left <= 0) {
            return this;
        }
        List<Integer> rounds = new ArrayList<>();
        // the last at newLast, the others spaced as planned, none closer to atRound than SPACING times it
        rounds.add(newLast);
        for (double n = newLast / SPACING; Math.floor(n) >= atRound * SPACING; n /= SPACING) {
            int r = (int) Math.floor(n);
            if (r < rounds.get(0)) {
                rounds.add(0, r);
            }
        }
        rounds.add(0, atRound);
        int first = 0;
        while (first < rounds.size() - 1
                && left * (rounds.get(first) - before) / (newLast - before) < HodgesLehmann.smallestAlpha(rounds.get(first))) {
            first++;
        }
        List<Look> out = new ArrayList<>(kept);
        int prev = before;
        for (int r : rounds.subList(first, rounds.size())) {
            out.add(new Look(r, left * (r - prev) / (newLast - before)));
            prev = r;
        }
        return new Looks(out);
    }

    public boolean sequential() {
        return !looks.isEmpty();
    }

    /** The look after this many rounds, if one is planned there. */
    public Optional<Look> at(int round) {
        return looks.stream().filter(l -> l.round() == round).findFirst();
    }

    /** The first look after this many rounds. */
    public Optional<Look> after(int round) {
        return looks.stream().filter(l -> l.round() > round).findFirst();
    }

    /** The alpha of an interval after this many rounds: its look's, or 0.05 when not sequential. */
    public Optional<Double> alpha(int round) {
        return sequential() ? at(round).map(Look::alpha) : Optional.of(ALPHA);
    }

    /** The alpha all looks spend together (at most {@link #ALPHA}, up to rounding). */
    public double spent() {
        return looks.stream().mapToDouble(Look::alpha).sum();
    }

    public int last() {
        return looks.isEmpty() ? 0 : looks.get(looks.size() - 1).round();
    }
}
