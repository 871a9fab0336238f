package io.pgolab.bench;

import io.pgolab.stats.Looks;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * How long a bench will take, and how a total cap ({@code --total-max-time}) is shared between workloads.
 * Pure arithmetic: the engine feeds it the seconds per round measured in a workload's warm-up.
 *
 * <p>A workload runs its warm-up rounds, then at least {@code minRounds} measured rounds even when its cap is
 * shorter (fewer rounds cannot give a verdict), then more rounds until every gated measure is decided at a planned
 * look or the cap is reached (measure/StopRule; docs/statistics.md, "Decide, then stop"). So a workload takes at
 * least (warm-up + minimum rounds) × seconds per round, and at most about the larger of that and its cap.
 */
public final class TimePlan {
    private TimePlan() {
    }

    /**
     * The cap of the next workload: with a total cap, what is left of it shared evenly by the workloads left
     * (never more than perWorkload when --max-time was given too); else perWorkload.
     */
    public static Duration share(Duration perWorkload, boolean perWorkloadGiven, Optional<Duration> total,
                                 double spentSeconds, int workloadsLeft) {
        if (total.isEmpty()) {
            return perWorkload;
        }
        double left = Math.max(0, total.get().toMillis() / 1000.0 - spentSeconds);
        Duration share = Duration.ofMillis(Math.round(left / Math.max(1, workloadsLeft) * 1000));
        return perWorkloadGiven && perWorkload.compareTo(share) < 0 ? perWorkload : share;
    }

    /**
     * What the workload being measured will take, printed once its warm-up has timed a round, and what that rests on:
     * "0.6s per round (as the warm-up timed it): the first look, where every gated measure may be decided, after round
     * 8 (about 4.8s); a measure still undecided is measured until the cap (4m59s at most, --max-time 5m)" (issue 40:
     * "about 3.6s to 4m59s" told nothing), or "about 1m45s for this workload: at least 6 rounds × 15s per round;
     * --total-max-time 90s cannot be met: the minimum rounds a verdict needs win (...); 2 more workloads, each timed
     * after its own warm-up". Each workload is estimated from
     * its own rounds: one workload's round time says nothing about another's (issue 27: a bench of jq's workloads
     * was estimated at 2m39s from the first one's rounds and took 7m15s).
     *
     * @param workloadsAfter     the workloads still to measure after this one
     * @param maxTimeSeconds     this workload's cap (the share of a total cap, or --max-time)
     * @param maxTimeOption      how the cap was asked for, for the message ("--max-time 1m", "--total-max-time 90s")
     * @param warmupSecondsSpent this workload's warm-up, already spent
     */
    public static String estimate(int workloadsAfter, int warmup, int minRounds, int maxRounds, double perRound,
                                  double maxTimeSeconds, String maxTimeOption, double warmupSecondsSpent) {
        double minimumAll = (warmup + minRounds) * perRound;
        double maximumAll = (warmup + maxRounds) * perRound;
        // the warm-up is already done: what is left is the measured rounds
        double minimum = minimumAll - warmupSecondsSpent;
        double atMost = Math.min(maximumAll, Math.max(minimumAll, maxTimeSeconds)) - warmupSecondsSpent;
        String rounds = String.format(Locale.ROOT, "at least %d rounds × %s per round", minRounds, duration(perRound));
        String later = workloadsAfter == 0 ? "" : workloadsAfter == 1 ? "; 1 more workload, timed after its own warm-up"
                : "; " + workloadsAfter + " more workloads, each timed after its own warm-up";
        if (minimumAll > maxTimeSeconds + 0.5) {
            return String.format(Locale.ROOT, "about %s for this workload: %s; %s cannot be met: the minimum rounds a"
                            + " verdict needs win (%s--min-rounds 5 would shorten it)%s", duration(Math.max(0, minimum)),
                    rounds, maxTimeOption, workloadsAfter == 0 ? "" : "fewer workloads with --workload NAME, or ", later);
        }
        // the first look is when a verdict can first come (measure/StopRule plans the same looks); the cap is the most
        int planned = (int) Math.max(minRounds, Math.min(maxRounds, Math.floor(Math.max(0, maxTimeSeconds
                - warmupSecondsSpent) / Math.max(perRound, 1e-9))));
        int first = Looks.plan(minRounds, planned).looks().get(0).round();
        return String.format(Locale.ROOT, "%s per round (as the %s timed it): the first look, where every gated"
                        + " measure may be decided, after round %d (about %s); a measure still undecided is measured"
                        + " until the cap (%s at most, %s)%s", duration(perRound), warmup == 0 ? "first round" : "warm-up",
                first, duration(first * perRound),
                duration(Math.max(0, atMost)), maxTimeOption, later);
    }

    /** A duration as people write it: "35ms", "0.4s", "5s", "15s", "4m30s", "1h05m". */
    public static String duration(double seconds) {
        if (seconds < 0.095) {
            return Math.round(seconds * 1000) + "ms";
        }
        if (seconds < 9.95) {
            return String.format(Locale.ROOT, "%.1fs", seconds).replace(".0s", "s");
        }
        long s = Math.round(seconds);
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return s % 60 == 0 ? s / 60 + "m" : String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        long m = Math.round(seconds / 60);
        return String.format(Locale.ROOT, "%dh%02dm", m / 60, m % 60);
    }
}
