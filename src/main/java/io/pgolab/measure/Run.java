package io.pgolab.measure;

import java.util.Map;

/** One measured run of one subject in one round: every metric it produced. */
public record Run(String label, int round, int position, Map<String, Double> metrics) {
}
