package io.pgolab.measure;

import io.pgolab.parse.OutputParser;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Something to measure: a labelled command (or, with service, a server under load), and how to
 * read figures from its output.
 */
public record Subject(String label, List<String> argv, Path workDir, Map<String, String> env,
                      Optional<OutputParser> parser, Optional<ServiceExec> service) {

    public Subject(String label, List<String> argv, Path workDir, Map<String, String> env, Optional<OutputParser> parser) {
        this(label, argv, workDir, env, parser, Optional.empty());
    }
}
