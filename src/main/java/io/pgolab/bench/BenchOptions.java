package io.pgolab.bench;

import io.pgolab.measure.CampaignSettings;
import java.time.Duration;
import java.util.Optional;

/**
 * How to bench, independent of how it was asked for: the campaign settings, whether the primary
 * metrics were given explicitly (then a workload's own primary metrics do not replace them), the
 * default minimum effect (a fraction) and deterministic mode (valgrind instead of time); the cap on all workloads
 * together, if one was given ({@code --total-max-time}), and whether the settings' per-workload cap was given
 * ({@code --max-time}) or is the default (then a total cap replaces it).
 */
public record BenchOptions(CampaignSettings settings, boolean primaryGiven, double minEffect, boolean deterministic,
                           Optional<Duration> totalMaxTime, boolean maxTimeGiven) {

    /** No total cap: each workload has the settings' cap. */
    public BenchOptions(CampaignSettings settings, boolean primaryGiven, double minEffect, boolean deterministic) {
        this(settings, primaryGiven, minEffect, deterministic, Optional.empty(), true);
    }

    /** How the cap was asked for, as the messages name it: "--total-max-time 90s" or "--max-time 1m (per workload)". */
    public String maxTimeOption() {
        return totalMaxTime.map(t -> "--total-max-time " + TimePlan.duration(t.toMillis() / 1000.0))
                .orElse("--max-time " + TimePlan.duration(settings.maxTime().toMillis() / 1000.0) + " (per workload)");
    }
}
