package io.pgolab.bench;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * How long a bench will take, and how a total budget ({@code --total-budget}) is shared between workloads.
 * Pure arithmetic: the engine feeds it the seconds per round measured in a workload's warm-up.
 *
 * <p>A workload runs its warm-up rounds, then at least {@code minRounds} measured rounds even when its budget is
 * shorter (fewer rounds cannot give a verdict), then more rounds until the CIs reach the target or the budget is
 * spent. So a workload takes at least (warm-up + minimum rounds) × seconds per round, and at most about the larger
 * of that and its budget.
 */
public final class TimePlan {
    private TimePlan() {
    }

    /**
     * The budget of the next workload: with a total budget, what is left of it shared evenly by the workloads left
     * (never more than perWorkload when --budget was given too); else perWorkload.
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
     * The expected duration of the workloads left, printed once a workload's warm-up has measured the seconds per
     * round (later workloads are assumed to take as long per round), e.g. "about 4m30s: 3 workloads × at least 6
     * rounds × 15s per round (+1 warm-up round each); --total-budget 90s cannot be met: the minimum rounds a
     * verdict needs win". first: this is the first workload (the estimate covers the whole bench, else "left").
     *
     * @param budgetSeconds each workload's budget (the share of a total budget, or --budget)
     * @param budgetOption  how the budget was asked for, for the message ("--budget 60s", "--total-budget 90s")
     * @param warmupSecondsSpent the current workload's warm-up, already spent
     */
    public static String estimate(boolean first, int workloadsLeft, int warmup, int minRounds, int maxRounds,
                                  double perRound, double budgetSeconds, String budgetOption,
                                  double warmupSecondsSpent) {
        double minimumEach = (warmup + minRounds) * perRound;
        double maximumEach = (warmup + maxRounds) * perRound;
        // the current workload's warm-up is already done; later ones still have theirs
        double minimum = minimumEach * workloadsLeft - warmupSecondsSpent;
        double atMost = Math.min(maximumEach, Math.max(minimumEach, budgetSeconds)) * workloadsLeft - warmupSecondsSpent;
        String what = workloadsLeft == 1 ? (first ? "1 workload" : "1 workload left")
                : workloadsLeft + (first ? " workloads" : " workloads left");
        String rounds = String.format(Locale.ROOT, "%s × at least %d rounds × %s per round%s", what, minRounds,
                duration(perRound), warmup == 0 ? "" : " (+" + warmup + " warm-up round" + (warmup == 1 ? "" : "s")
                        + " each)");
        String left = first ? "" : " left";
        if (minimumEach > budgetSeconds + 0.5) {
            return String.format(Locale.ROOT, "about %s%s: %s; %s cannot be met: the minimum rounds a verdict needs win"
                            + " (fewer workloads with --workload NAME, or --min-rounds 5, would shorten it)",
                    duration(Math.max(0, minimum)), left, rounds, budgetOption);
        }
        return String.format(Locale.ROOT, "about %s to %s%s: %s, then more rounds until the CIs reach the target"
                        + " or the budget is spent (%s)",
                duration(Math.max(0, minimum)), duration(Math.max(0, atMost)), left, rounds, budgetOption);
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
