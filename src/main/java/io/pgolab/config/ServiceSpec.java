package io.pgolab.config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A workload that is a server: start it (with {binary} and a free {port}), wait until it is ready,
 * run setup, the clients (in sequence, or all at once), teardown, then stop it with a signal so
 * that it exits normally and writes its profile.
 *
 * @param ready "tcp", "http:/path", "log:REGEX" or "probe:SHELL COMMAND"
 * @param clientCpus the CPU each client is pinned to (one entry for all clients, or one per client);
 *                   empty: pgolab's choice (a CPU other than the server's when measuring)
 */
public record ServiceSpec(String server, String ready, Duration readyTimeout, Optional<String> setup,
                          Optional<String> teardown, List<String> clients, boolean concurrent, String stopSignal,
                          Duration stopGrace, List<Integer> clientCpus) {
    public static final List<String> SIGNALS = List.of("SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT");

    /** The CPU client i runs on: its own entry in client_cpus, the single entry, or the fallback. */
    public OptionalInt clientCpu(int i, OptionalInt fallback) {
        if (clientCpus.isEmpty()) {
            return fallback;
        }
        return OptionalInt.of(clientCpus.size() == 1 ? clientCpus.get(0) : clientCpus.get(i));
    }
}
