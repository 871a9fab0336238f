package io.pgolab.config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A workload that is a server: start it (with {binary} and a free {port}), wait until it is ready,
 * run setup, the clients (in sequence, or all at once), teardown, then stop it with a signal so
 * that it exits normally and writes its profile.
 *
 * @param ready "tcp", "http:/path", "log:REGEX" or "probe:SHELL COMMAND"
 */
public record ServiceSpec(String server, String ready, Duration readyTimeout, Optional<String> setup,
                          Optional<String> teardown, List<String> clients, boolean concurrent, String stopSignal,
                          Duration stopGrace) {
    public static final List<String> SIGNALS = List.of("SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT");
}
