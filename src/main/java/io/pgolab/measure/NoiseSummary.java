package io.pgolab.measure;

import io.pgolab.stats.Comparison;
import io.pgolab.stats.PairedRatio;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How noisy the machine was during a comparison and what that cost in precision (issue 13): the load and
 * steal over the measured rounds, the rounds at a machine-speed change, how much the baseline moved from
 * round to round, how much the paired per-round ratio moved, and what the pairing saved: the spread the same
 * samples would have unpaired (sqrt(cv_b² + cv_c²)) against the paired spread, squared, is the factor of rounds
 * the pairing saves for the same CI. Derived from data the results file keeps (round noise, samples), so old
 * files render it too; the machine fields are NaN when not recorded.
 *
 * @param loadLow            lowest 1-minute load average over the rounds (NaN: not recorded)
 * @param loadHigh           highest
 * @param stealMax           largest per-round steal, percent (NaN: not recorded)
 * @param phaseChanges       rounds marked at a machine-speed change (kept in the statistics)
 * @param rounds             measured rounds
 * @param baselineCvPercent  round-to-round coefficient of variation of the baseline's samples
 * @param pairedSpread       robust standard deviation (1.4826 · MAD) of the per-round log ratios, percent
 * @param unpairedSpread     sqrt(cv_b² + cv_c²), percent: the spread of a ratio of unpaired samples
 * @param halfWidth          half-width of the reported 95% CI, percent
 */
public record NoiseSummary(double loadLow, double loadHigh, double stealMax, long phaseChanges, int rounds,
                           String metric, String baseline, String candidate, double baselineCvPercent,
                           double pairedSpread, double unpairedSpread, double halfWidth) {

    /** The summary for one comparison (its samples) and the campaign's round noise, if there is anything to say. */
    public static Optional<NoiseSummary> of(List<RoundNoise> noise, Comparison c) {
        double[] b = c.baselineSamples();
        double[] x = c.candidateSamples();
        if (b == null || x == null || b.length < 2 || b.length != x.length) {
            return Optional.empty();
        }
        double[] d = new double[b.length];
        for (int i = 0; i < b.length; i++) {
            d[i] = b[i] > 0 && x[i] > 0 ? Math.log(x[i] / b[i]) : 0;
        }
        double med = PairedRatio.median(d);
        double[] dev = Arrays.stream(d).map(v -> Math.abs(v - med)).toArray();
        double spread = 1.4826 * PairedRatio.median(dev) * 100;
        double cvb = Comparison.cv(b);
        double cvc = Comparison.cv(x);
        double unpaired = Math.sqrt(cvb * cvb + cvc * cvc) * 100;
        double lo = noise.stream().mapToDouble(RoundNoise::loadAverage).min().orElse(Double.NaN);
        double hi = noise.stream().mapToDouble(RoundNoise::loadAverage).max().orElse(Double.NaN);
        double steal = noise.stream().mapToDouble(RoundNoise::stealPercent).filter(v -> !Double.isNaN(v))
                .max().orElse(Double.NaN);
        long phases = noise.stream().filter(RoundNoise::phaseChange).count();
        return Optional.of(new NoiseSummary(lo, hi, steal, phases, b.length, c.metric(), c.baseline(), c.candidate(),
                cvb * 100, spread, unpaired, c.halfWidthPercent()));
    }

    /** One line about the machine (empty when no round noise was recorded). */
    public String machineLine() {
        if (Double.isNaN(loadLow)) {
            return "";
        }
        String steal = Double.isNaN(stealMax) ? "steal not readable" : String.format(Locale.ROOT, "steal ≤ %.1f%%", stealMax);
        return String.format(Locale.ROOT, "machine: load %.2f–%.2f, %s, %d of %d rounds at a speed change (kept)",
                loadLow, loadHigh, steal, phaseChanges, rounds);
    }

    /** What the noise cost: the baseline's spread, the paired ratio's spread, what pairing saved, and the CI. */
    public String precisionLine() {
        String pairing = unpairedSpread >= 1.5 * pairedSpread
                ? String.format(Locale.ROOT, "pairing cut the spread from %.1f%% unpaired (%s fewer rounds for the same CI)",
                        unpairedSpread, times(Math.pow(unpairedSpread / Math.max(pairedSpread, 1e-9), 2)))
                : String.format(Locale.ROOT, "pairing did not narrow it (%.1f%% unpaired)", unpairedSpread);
        return String.format(Locale.ROOT, "noise on %s: %s varied %.1f%% round to round, %s vs %s %.1f%% per round;"
                        + " %s; 95%% CI ±%.2f%% after %d rounds",
                metric, baseline, baselineCvPercent, candidate, baseline, pairedSpread, pairing, halfWidth, rounds);
    }

    /**
     * What the target would have cost at this noise, when it was missed: the Hodges-Lehmann interval's half-width is
     * about 1.96 · σ / sqrt(0.955 · n) for per-round log ratios of spread σ (0.955: its efficiency at normal noise), so
     * ±target needs n = (1.96 · σ / target)² / 0.955 rounds, σ being the paired spread (1.4826 · MAD, which a few wild
     * rounds do not inflate; from the interval itself, 6 rounds would extrapolate their [min, max] range). Empty when
     * the target was reached or cannot be judged.
     */
    public Optional<String> targetCostLine(double targetPercent, double secondsPerRound) {
        if (!(halfWidth > targetPercent) || targetPercent <= 0 || rounds < 2) {
            return Optional.empty();
        }
        double needed = Math.max(rounds + 1, Math.ceil(Math.pow(1.96 * pairedSpread / targetPercent, 2) / 0.955));
        if (needed > 100_000 || !(secondsPerRound > 0)) {
            return Optional.of(String.format(Locale.ROOT, "±%s%% (the target) is out of reach at this noise: use a quieter"
                    + " machine or --deterministic", trim(targetPercent)));
        }
        return Optional.of(String.format(Locale.ROOT, "±%s%% (the target) would take about %.0f rounds at this noise"
                        + " (about %s at %.1f s per round)", trim(targetPercent), needed,
                duration(needed * secondsPerRound), secondsPerRound));
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%s", v);
    }

    private static String duration(double seconds) {
        if (seconds < 120) {
            return String.format(Locale.ROOT, "%.0f s", seconds);
        }
        if (seconds < 7200) {
            return String.format(Locale.ROOT, "%.0f min", seconds / 60);
        }
        return String.format(Locale.ROOT, "%.1f h", seconds / 3600);
    }

    private static String times(double factor) {
        return factor >= 100 ? ">100×" : String.format(Locale.ROOT, "%.0f×", Math.max(factor, 1));
    }
}
