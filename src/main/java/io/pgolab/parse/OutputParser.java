package io.pgolab.parse;

import java.util.List;

/**
 * Reads the figures a load tool prints. One implementation per tool. A parser never decides a
 * verdict; it only turns text into numbers.
 */
public interface OutputParser {
    /** The name used in pgolab.toml, e.g. "redis-benchmark". */
    String name();

    /**
     * Metrics found in the output. When the output does not have the expected shape, throws
     * {@link NoMatchException} so the caller can show the tail of the output.
     */
    List<ParsedMetric> parse(String output);
}
