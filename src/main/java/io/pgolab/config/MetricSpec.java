package io.pgolab.config;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A [[bench.metric]] entry: a figure read from a workload's output with a regex (first capture
 * group, or the group named "value") or an RFC 6901 JSON pointer; bound: the gate's bound in percent, if it has one.
 */
public record MetricSpec(String name, Optional<String> regex, Optional<String> jsonPointer, String unit,
                         boolean higherIsBetter, double scale, int line, OptionalDouble bound) {
}
