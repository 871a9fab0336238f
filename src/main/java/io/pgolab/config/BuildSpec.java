package io.pgolab.config;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** The [build] table: how to build the user's project, as a command template. */
public record BuildSpec(
        String command,
        Optional<String> clean,
        String artifact,
        String cflags,
        String cxxflags,
        String ldflags,
        Duration timeout,
        Map<String, String> env) {
}
