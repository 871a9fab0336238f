package io.pgolab.report;

import io.pgolab.bench.Potential;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What a gain in a server's own code is worth in its total CPU, for a variant whose own code is a
 * minority of that CPU (mostly kernel): own share × assumed own-code gain. In the results JSON as
 * workloads[].pgo_potential_worth, and beside each "PGO potential" line of the reports.
 *
 * @param ownPercent            own code's share of the CPU samples (percent)
 * @param kernelPercent         the kernel's share (percent)
 * @param assumedOwnGainPercent the own-code gain assumed (a generous PGO gain, percent)
 * @param totalPercent          what that gain is in the total CPU (percent): own × gain
 * @param text                  the sentence the reports print
 */
public record PotentialWorth(double ownPercent, double kernelPercent, double assumedOwnGainPercent, double totalPercent,
                             String text) {

    /** Every potential (variant, or VARIANT/ROLE) with samples whose own code is under half of its CPU. */
    public static Map<String, PotentialWorth> of(Map<String, Potential> potential) {
        Map<String, PotentialWorth> out = new LinkedHashMap<>();
        if (potential == null) {
            return out;
        }
        potential.forEach((subject, p) -> {
            if (p.samples() > 0 && p.ownPercent() < PotentialLines.SMALL_OWN_SHARE) {
                double gain = PotentialLines.ASSUMED_OWN_GAIN * 100;
                double total = p.ownPercent() * PotentialLines.ASSUMED_OWN_GAIN;
                out.put(subject, new PotentialWorth(p.ownPercent(), p.kernelPercent(), gain, total, String.format(Locale.ROOT,
                        "own code %.0f%% of the CPU (kernel %.0f%%): a %.0f%% gain there is %.1f%% of the total",
                        p.ownPercent(), p.kernelPercent(), gain, total)));
            }
        });
        return out;
    }

    /** " — own code 20% of the CPU ...: a 20% gain there is 4.0% of the total", or "" when own code is the larger part. */
    public static String suffix(String subject, Map<String, Potential> potential) {
        PotentialWorth w = of(potential).get(subject);
        return w == null ? "" : " — " + w.text();
    }
}
