package io.pgolab.bench;

import io.pgolab.measure.CampaignSettings;
import java.time.Duration;
import java.util.Optional;

/**
 * How to bench, independent of how it was asked for: the campaign settings, whether the primary
 * metrics were given explicitly (then a workload's own primary metrics do not replace them), the
 * default minimum effect (a fraction) and deterministic mode (valgrind instead of time); the total
 * budget of all workloads together, if one was given ({@code --total-budget}), and whether the settings'
 * per-workload budget was given ({@code --budget}) or is the default (then a total budget replaces it).
 */
public record BenchOptions(CampaignSettings settings, boolean primaryGiven, double minEffect, boolean deterministic,
                           Optional<Duration> totalBudget, boolean budgetGiven) {

    /** No total budget: each workload has the settings' budget. */
    public BenchOptions(CampaignSettings settings, boolean primaryGiven, double minEffect, boolean deterministic) {
        this(settings, primaryGiven, minEffect, deterministic, Optional.empty(), true);
    }

    /** How the budget was asked for, as the messages name it: "--total-budget 90s" or "--budget 60s (per workload)". */
    public String budgetOption() {
        return totalBudget.map(t -> "--total-budget " + TimePlan.duration(t.toMillis() / 1000.0))
                .orElse("--max-time " + TimePlan.duration(settings.budget().toMillis() / 1000.0) + " (per workload)");
    }
}
