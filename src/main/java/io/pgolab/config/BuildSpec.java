package io.pgolab.config;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * The [build] table: how to build the user's project, as a command template. goflags are the
 * user's own 'go build' flags (kind = "go" only; empty otherwise).
 */
public record BuildSpec(
        String command,
        Optional<String> clean,
        String artifact,
        String cflags,
        String cxxflags,
        String ldflags,
        Duration timeout,
        Map<String, String> env,
        String goflags) {

    public BuildSpec(String command, Optional<String> clean, String artifact, String cflags, String cxxflags,
                     String ldflags, Duration timeout, Map<String, String> env) {
        this(command, clean, artifact, cflags, cxxflags, ldflags, timeout, env, "");
    }
}
