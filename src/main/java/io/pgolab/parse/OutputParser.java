package io.pgolab.parse;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

    /**
     * {@link #parse}, with a sentence for each figure of the output that was left out of the metrics (and why): what a
     * run records. Throws as {@link #parse} does.
     */
    default ParsedOutput read(String output) {
        return new ParsedOutput(parse(output), List.of());
    }

    /**
     * {@link #read(String)}, and the files the run wrote in its own directory ({@link #env}); a parser that reads
     * stdout only ignores them.
     */
    default ParsedOutput read(String output, RunFiles files) {
        return read(output);
    }

    /**
     * The environment variables a run needs so that the files this parser reads land in dir, the run's own directory
     * (fresh and empty before each run), e.g. criterion's CRITERION_HOME; empty for a parser that reads stdout only.
     */
    default Map<String, String> env(Path dir) {
        return Map.of();
    }

    /**
     * The error the tool itself reported in this output, whatever its exit status (iperf3 -J exits
     * 0 and writes {@code "error": "..."}), phrased for a message, e.g. "iperf3 reported an error:
     * unable to connect to server: Connection refused". Empty when the output reports none or is
     * not the tool's output at all (that is {@link #parse}'s business).
     */
    default Optional<String> reportedError(String output) {
        return Optional.empty();
    }

    /**
     * Whether every line of the output counts (a suite's benchmarks, one per line or entry), so that an output too
     * long to be read whole is refused rather than read with its middle cut away. A load tool's summary, at the end,
     * survives the cut: false.
     */
    default boolean readsWholeOutput() {
        return false;
    }
}
