package io.pgolab.config;

import java.time.Duration;
import java.util.Map;

/** One [[train]] or [[bench]] entry: a shell command run against a built binary. */
public record WorkloadSpec(
        String name,
        String command,
        Duration timeout,
        double weight,
        Map<String, String> env,
        int line) {
}
