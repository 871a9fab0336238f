package io.pgolab.bench;

import io.pgolab.measure.MeasureDefaults;
import io.pgolab.measure.Subject;
import io.pgolab.measure.Warning;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** Subjects of one workload; primary and minEffects (fractions) from its config entry, if any. */
public record BenchWorkload(String name, String command, List<Subject> subjects, List<String> primary,
                            Map<String, Double> minEffects, Duration timeout, List<Warning> warnings) {
    /** warnings: what is known about the subjects before measuring (identical binaries), shown with the campaign's. */
    public BenchWorkload(String name, String command, List<Subject> subjects, List<String> primary,
                         Map<String, Double> minEffects, Duration timeout) {
        this(name, command, subjects, primary, minEffects, timeout, List.of());
    }

    /** A workload with no config entry (compare, demo): the global settings and a 10-minute run limit. */
    public BenchWorkload(String name, String command, List<Subject> subjects) {
        this(name, command, subjects, List.of(), Map.of(), MeasureDefaults.RUN_TIMEOUT, List.of());
    }
}
