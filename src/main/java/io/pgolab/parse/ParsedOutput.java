package io.pgolab.parse;

import java.util.List;

/**
 * What a parser read from one output: the metrics, and a sentence for each figure it left out and why (a suite's
 * benchmark whose time is 0 ns/op, or missing from its line). A figure left out is always said, never silently gone.
 */
public record ParsedOutput(List<ParsedMetric> metrics, List<String> leftOut) {
    public ParsedOutput {
        metrics = List.copyOf(metrics);
        leftOut = List.copyOf(leftOut);
    }
}
