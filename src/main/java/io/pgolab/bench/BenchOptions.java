package io.pgolab.bench;

import io.pgolab.measure.CampaignSettings;

/**
 * How to bench, independent of how it was asked for: the campaign settings, whether the primary
 * metrics were given explicitly (then a workload's own primary metrics do not replace them), the
 * default minimum effect (a fraction) and deterministic mode (valgrind instead of time).
 */
public record BenchOptions(CampaignSettings settings, boolean primaryGiven, double minEffect, boolean deterministic) {
}
