package io.pgolab.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * A workload that is one or more servers: start each long-running process in order (with {binary}
 * and free ports {port}, {port:NAME}), wait until each is ready, run setup, the clients (in
 * sequence, or all at once), teardown, then stop the processes in reverse order, each with its
 * signal, so that they exit normally and write their profiles.
 *
 * @param processes  the long-running processes in start order; the {@code server = "..."} form is one, role "server"
 * @param clientCpus the CPU each client is pinned to (one entry for all clients, or one per client);
 *                   empty: pgolab's choice (a CPU other than the server's when measuring)
 * @param clientRole the clients' role name
 * @param named      whether the workload names its roles ([[X.process]] or client_role): then every
 *                   role gets its own figures
 */
public record ServiceSpec(List<ProcessSpec> processes, Optional<String> setup, Optional<String> teardown,
                          List<String> clients, boolean concurrent, List<Integer> clientCpus, String clientRole,
                          boolean named) {
    public static final List<String> SIGNALS = List.of("SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT");

    public ServiceSpec {
        processes = List.copyOf(processes);
        clients = List.copyOf(clients);
        clientCpus = List.copyOf(clientCpus);
    }

    /** The {@code server = "..."} form: one process, role "server". */
    public static ServiceSpec single(String server, String ready, Duration readyTimeout, Optional<String> setup,
                                     Optional<String> teardown, List<String> clients, boolean concurrent,
                                     String stopSignal, Duration stopGrace, List<Integer> clientCpus) {
        return new ServiceSpec(List.of(new ProcessSpec(ProcessSpec.SERVER, server, ready, readyTimeout, stopSignal,
                stopGrace, "")), setup, teardown, clients, concurrent, clientCpus, ProcessSpec.CLIENT, false);
    }

    /** The main process: the first one under test, else the first one (the clients are then under test). */
    public ProcessSpec main() {
        return processes.stream().filter(ProcessSpec::underTest).findFirst().orElse(processes.get(0));
    }

    /** The main process's command (for messages and keys). */
    public String server() {
        return main().command();
    }

    public String ready() {
        return main().ready();
    }

    public Duration readyTimeout() {
        return main().readyTimeout();
    }

    public String stopSignal() {
        return main().stopSignal();
    }

    public Duration stopGrace() {
        return main().stopGrace();
    }

    /** Whether one of the clients runs the built program (a load tester under test). */
    public boolean clientsUnderTest() {
        return clients.stream().anyMatch(ProcessSpec::runsBinary);
    }

    /** The roles that run the built program, processes first, in order. */
    public List<String> rolesUnderTest() {
        List<String> out = new ArrayList<>();
        processes.stream().filter(ProcessSpec::underTest).forEach(p -> out.add(p.role()));
        if (clientsUnderTest()) {
            out.add(clientRole);
        }
        return out;
    }

    /** Every role: the processes' in order, then the clients'. */
    public Set<String> roles() {
        Set<String> out = new LinkedHashSet<>();
        processes.forEach(p -> out.add(p.role()));
        out.add(clientRole);
        return out;
    }

    /** The same workload with every process command (and client command) passed through f. */
    public ServiceSpec mapCommands(UnaryOperator<String> processCommand, UnaryOperator<String> clientCommand) {
        return new ServiceSpec(processes.stream().map(p -> p.withCommand(processCommand.apply(p.command()))).toList(),
                setup, teardown, clients.stream().map(clientCommand).toList(), concurrent, clientCpus, clientRole, named);
    }

    /** The CPU client i runs on: its own entry in client_cpus, the single entry, or the fallback. */
    public OptionalInt clientCpu(int i, OptionalInt fallback) {
        if (clientCpus.isEmpty()) {
            return fallback;
        }
        return OptionalInt.of(clientCpus.size() == 1 ? clientCpus.get(0) : clientCpus.get(i));
    }
}
