package io.pgolab.parse;

import java.util.List;

/**
 * A microbenchmark suite's parser (Google Benchmark, criterion, go test -bench, JMH): what it reads is a set
 * of named benchmarks, and each one it leaves out is said ({@link ParsedOutput}); every benchmark counts, so
 * an output too long to read whole is refused, never read with its middle cut.
 */
interface SuiteParser extends OutputParser {
    @Override
    ParsedOutput read(String output);

    @Override
    default List<ParsedMetric> parse(String output) {
        return read(output).metrics();
    }

    @Override
    default boolean readsWholeOutput() {
        return true;
    }
}
