package io.pgolab.parse;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * The files one run of a workload wrote for its parser (criterion's sample.json): a directory of the run's own, made
 * fresh and empty before the run and handed to the command through the parser's {@link OutputParser#env}, and the
 * moment the run started. A file older than that is an earlier run's, and never read as this one's.
 */
public record RunFiles(Optional<Path> dir, Instant started) {
    /** No directory: the parser reads stdout only (a server's clients, a parser that writes no files). */
    public static final RunFiles NONE = new RunFiles(Optional.empty(), Instant.EPOCH);

    public static RunFiles of(Path dir, Instant started) {
        return new RunFiles(Optional.of(dir), started);
    }
}
