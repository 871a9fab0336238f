package io.pgolab.measure;

import java.time.Duration;
import java.util.List;

/**
 * How to run a comparison: warm-up rounds, the minimum number of measured rounds, the cap on its
 * time ({@code --max-time}), the CI half-width (percent) whose cost the noise line estimates (it no longer stops a campaign), the
 * primary metrics that stopping looks at, the seed of the shuffles and of the padding, the CPU the measured process
 * is pinned to, and whether every run gets a seeded-random environment padding ({@code PGOLAB_PAD},
 * --randomize-layout).
 */
public record CampaignSettings(int warmupRounds, int minRounds, int maxRounds, Duration maxTime,
                               double targetHalfWidthPercent, List<String> primaryMetrics, long seed,
                               Duration runTimeout, int cpu, boolean randomizeLayout) {

    /** Without layout randomization. */
    public CampaignSettings(int warmupRounds, int minRounds, int maxRounds, Duration maxTime,
                            double targetHalfWidthPercent, List<String> primaryMetrics, long seed,
                            Duration runTimeout, int cpu) {
        this(warmupRounds, minRounds, maxRounds, maxTime, targetHalfWidthPercent, primaryMetrics, seed, runTimeout,
                cpu, false);
    }

    /** Same as {@link MeasureDefaults#MIN_ROUNDS}. */
    public static final int DEFAULT_MIN_ROUNDS = MeasureDefaults.MIN_ROUNDS;

    /** The defaults of {@link MeasureDefaults}, cpu_time as the primary metric, pinned to the last CPU. */
    public static CampaignSettings defaults() {
        return new CampaignSettings(MeasureDefaults.WARMUP_ROUNDS, MeasureDefaults.MIN_ROUNDS, MeasureDefaults.MAX_ROUNDS,
                MeasureDefaults.maxTime(), MeasureDefaults.TARGET_CI_PERCENT, List.of(MetricInfo.CPU_TIME),
                MeasureDefaults.SEED, MeasureDefaults.RUN_TIMEOUT, lastCpu());
    }

    /** The last CPU of pgolab's CPU set (MeasuredCpu), not availableProcessors() - 1: under taskset -c 1 that is 0. */
    public static int lastCpu() {
        return MeasuredCpu.last();
    }

    public CampaignSettings withMaxTime(Duration b) {
        return new CampaignSettings(warmupRounds, minRounds, maxRounds, b, targetHalfWidthPercent, primaryMetrics, seed,
                runTimeout, cpu, randomizeLayout);
    }

    public CampaignSettings withTarget(double percent) {
        return new CampaignSettings(warmupRounds, minRounds, maxRounds, maxTime, percent, primaryMetrics, seed,
                runTimeout, cpu, randomizeLayout);
    }

    public CampaignSettings withRounds(int min, int max) {
        return new CampaignSettings(warmupRounds, min, max, maxTime, targetHalfWidthPercent, primaryMetrics, seed,
                runTimeout, cpu, randomizeLayout);
    }

    public CampaignSettings withWarmup(int rounds) {
        return new CampaignSettings(rounds, minRounds, maxRounds, maxTime, targetHalfWidthPercent, primaryMetrics, seed,
                runTimeout, cpu, randomizeLayout);
    }

    public CampaignSettings withPrimary(List<String> metrics) {
        return new CampaignSettings(warmupRounds, minRounds, maxRounds, maxTime, targetHalfWidthPercent, metrics, seed,
                runTimeout, cpu, randomizeLayout);
    }

    public CampaignSettings withSeed(long s) {
        return new CampaignSettings(warmupRounds, minRounds, maxRounds, maxTime, targetHalfWidthPercent, primaryMetrics, s,
                runTimeout, cpu, randomizeLayout);
    }

    public CampaignSettings withRunTimeout(Duration t) {
        return new CampaignSettings(warmupRounds, minRounds, maxRounds, maxTime, targetHalfWidthPercent, primaryMetrics, seed,
                t, cpu, randomizeLayout);
    }

    public CampaignSettings withRandomizeLayout(boolean on) {
        return new CampaignSettings(warmupRounds, minRounds, maxRounds, maxTime, targetHalfWidthPercent, primaryMetrics, seed,
                runTimeout, cpu, on);
    }
}
