package io.pgolab.cli;

import io.pgolab.config.WorkloadSpec;
import io.pgolab.parse.OutputParser;
import java.util.Optional;

/** The parser a [[bench]] entry asks for, if any. */
final class WorkloadParsers {
    private WorkloadParsers() {
    }

    static Optional<OutputParser> of(WorkloadSpec w) {
        return Optional.empty();
    }
}
