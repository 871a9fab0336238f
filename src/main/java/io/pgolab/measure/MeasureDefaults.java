package io.pgolab.measure;

import java.time.Duration;

/**
 * The measurement defaults, in one place: {@link CampaignSettings#defaults()} is built from them and
 * the command-line options ({@code --max-time}, {@code --target-ci}, ...) show and use them. Each
 * default is a number and, for picocli's {@code defaultValue} (annotation values must be compile-time
 * constants), the same number as text; the text is derived from the number, so the two cannot
 * disagree.
 */
public final class MeasureDefaults {
    /**
     * The cap per workload (--max-time): a workload stops earlier once its gated measures are decided.
     * Sized so that a +3% change is decided regressed at 1% minimum effect with about 90% power at the noisiest phases
     * issue 13 measured on this 2-core VM (10% per-round spread: about 350 rounds of the demo, 0.7 s each), see
     * docs/statistics.md.
     */
    public static final int MAX_TIME_SECONDS = 300;
    public static final String MAX_TIME_TEXT = MAX_TIME_SECONDS + "s";

    /** The half-width (percent) the noise line estimates the cost of (it no longer stops a campaign): half of MIN_EFFECT. */
    public static final double TARGET_CI_PERCENT = 0.5;
    public static final String TARGET_CI_PERCENT_TEXT = "" + TARGET_CI_PERCENT;

    /** Smallest change (percent) that counts as improved or regressed. */
    public static final double MIN_EFFECT_PERCENT = 1.0;
    public static final String MIN_EFFECT_PERCENT_TEXT = "" + MIN_EFFECT_PERCENT;

    /** Warm-up rounds, run but not recorded. */
    public static final int WARMUP_ROUNDS = 1;
    public static final String WARMUP_ROUNDS_TEXT = "" + WARMUP_ROUNDS;

    /** Measured rounds at least: fewer cannot give a verdict. */
    public static final int MIN_ROUNDS = 6;
    public static final String MIN_ROUNDS_TEXT = "" + MIN_ROUNDS;

    /** Measured rounds at most. */
    public static final int MAX_ROUNDS = 10_000;
    public static final String MAX_ROUNDS_TEXT = "" + MAX_ROUNDS;

    /** Seed of the round order and of --randomize-layout's padding (no interval resamples). */
    public static final long SEED = 20261130L;
    public static final String SEED_TEXT = "" + SEED;

    /** Time limit of one measured run when the workload sets none. */
    public static final Duration RUN_TIMEOUT = Duration.ofMinutes(10);

    private MeasureDefaults() {
    }

    public static Duration maxTime() {
        return Duration.ofSeconds(MAX_TIME_SECONDS);
    }

    /** MIN_EFFECT_PERCENT as a fraction (0.01), as comparisons take it. */
    public static double minEffect() {
        return MIN_EFFECT_PERCENT / 100;
    }
}
