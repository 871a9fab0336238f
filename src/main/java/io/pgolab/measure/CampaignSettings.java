package io.pgolab.measure;

import java.time.Duration;
import java.util.List;

/**
 * How to run a comparison: warm-up rounds, the minimum number of measured rounds, the time
 * budget, the CI half-width (percent) at which to stop early, the primary metrics that stopping
 * looks at, the seed of the shuffles and the bootstrap, and the CPU the measured process is pinned to.
 */
public record CampaignSettings(int warmupRounds, int minRounds, int maxRounds, Duration budget,
                               double targetHalfWidthPercent, List<String> primaryMetrics, long seed,
                               Duration runTimeout, int cpu) {

    public static final int DEFAULT_MIN_ROUNDS = 6;

    public static CampaignSettings defaults() {
        return new CampaignSettings(1, DEFAULT_MIN_ROUNDS, 10_000, Duration.ofSeconds(60), 0.5,
                List.of(MetricInfo.CPU_TIME), 20261130L, Duration.ofMinutes(10), lastCpu());
    }

    public static int lastCpu() {
        return Runtime.getRuntime().availableProcessors() - 1;
    }

    public CampaignSettings withBudget(Duration b) {
        return new CampaignSettings(warmupRounds, minRounds, maxRounds, b, targetHalfWidthPercent, primaryMetrics, seed,
                runTimeout, cpu);
    }

    public CampaignSettings withTarget(double percent) {
        return new CampaignSettings(warmupRounds, minRounds, maxRounds, budget, percent, primaryMetrics, seed,
                runTimeout, cpu);
    }

    public CampaignSettings withRounds(int min, int max) {
        return new CampaignSettings(warmupRounds, min, max, budget, targetHalfWidthPercent, primaryMetrics, seed,
                runTimeout, cpu);
    }

    public CampaignSettings withWarmup(int rounds) {
        return new CampaignSettings(rounds, minRounds, maxRounds, budget, targetHalfWidthPercent, primaryMetrics, seed,
                runTimeout, cpu);
    }

    public CampaignSettings withPrimary(List<String> metrics) {
        return new CampaignSettings(warmupRounds, minRounds, maxRounds, budget, targetHalfWidthPercent, metrics, seed,
                runTimeout, cpu);
    }

    public CampaignSettings withSeed(long s) {
        return new CampaignSettings(warmupRounds, minRounds, maxRounds, budget, targetHalfWidthPercent, primaryMetrics, s,
                runTimeout, cpu);
    }

    public CampaignSettings withRunTimeout(Duration t) {
        return new CampaignSettings(warmupRounds, minRounds, maxRounds, budget, targetHalfWidthPercent, primaryMetrics, seed,
                t, cpu);
    }
}
