package io.pgolab.config;

import static io.pgolab.config.ConfigLoader.SERVICE_PLACEHOLDERS;
import static io.pgolab.config.ConfigLoader.allTables;
import static io.pgolab.config.ConfigLoader.checkPlaceholders;
import static io.pgolab.config.ConfigLoader.union;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.tomlj.TomlArray;
import org.tomlj.TomlPosition;
import org.tomlj.TomlTable;

/**
 * The service part of a [[train]] or [[bench]] entry: either {@code server = "..."} (one process,
 * role "server") or [[X.process]] tables (several processes with roles), the clients and their role,
 * setup, teardown, and the named ports {port:NAME} they share.
 */
final class ServiceReader {
    /** Keys of the single-server form that belong to a process. */
    static final Set<String> PROCESS_KEYS_AT_TOP = Set.of("ready", "ready_timeout", "stop_signal", "stop_grace");
    static final Set<String> KEYS = union(Set.of("server", "setup", "teardown", "clients", "concurrent",
            "client_cpus", "process", "client_role"), PROCESS_KEYS_AT_TOP);
    private static final Set<String> PROCESS = Set.of("role", "command", "ready", "ready_timeout", "stop_signal",
            "stop_grace", "profile");
    private static final String ROLE_PATTERN = "[a-z][a-z0-9_-]{0,31}";

    private ServiceReader() {
    }

    /** Whether the entry is a service: it has a server or processes. */
    static boolean isService(TableReader r) {
        return r.has("server") || r.has("process");
    }

    static ServiceSpec read(TomlTable t, TableReader r, String section, String prefix, Set<String> extraPlaceholders,
                            ConfigProblems problems) {
        // Cargo's {bin:NAME} may start clients and helpers too; other extras are for the program under test only.
        Set<String> withBins = union(SERVICE_PLACEHOLDERS,
                Set.copyOf(extraPlaceholders.stream().filter(n -> n.startsWith("bin:")).toList()));
        String clientRole = r.optString("client_role").orElse(ProcessSpec.CLIENT).trim();
        Set<String> used = usedPorts(t);
        List<ProcessSpec> processes = r.has("process")
                ? processes(t, r, section, prefix, extraPlaceholders, clientRole, used, problems)
                : List.of(single(r, prefix, extraPlaceholders, used, problems));
        if (r.has("client_role") && !clientRole.matches(ROLE_PATTERN)) {
            problems.add(r.line("client_role"), prefix + ".client_role", "'" + clientRole + "' is not a usable role name",
                    "lower-case letters, digits, '_' and '-', starting with a letter, e.g. client_role = \"pgbench\"");
        }
        ValueChecks.nonEmpty(r, List.of("setup", "teardown"), problems);
        List<String> clients = r.stringList("clients", List.of());
        if (clients.stream().anyMatch(String::isBlank)) {
            problems.add(r.line("clients"), prefix + ".clients", "an entry must not be empty",
                    "clients = [\"redis-benchmark -p {port} -n 100000 -q\"]");
        }
        if (clients.isEmpty()) {
            problems.add(r.line(r.has("server") ? "server" : "process"), prefix + ".clients",
                    "a service workload needs at least one client", "clients = [\"redis-benchmark -p {port} -n 100000 -q\"]");
        }
        for (String k : List.of("setup", "teardown")) {
            r.optString(k).ifPresent(v -> checkPlaceholders(r, k, v, withPorts(v, withBins), problems));
        }
        for (String c : clients) {
            checkPlaceholders(r, "clients", c, withPorts(c, withBins), problems);
        }
        List<Integer> cpus = r.intList("client_cpus", "client_cpus = [1]   # or one CPU per client: [1, 0]");
        if (cpus.size() > 1 && cpus.size() != clients.size()) {
            problems.add(r.line("client_cpus"), prefix + ".client_cpus", "has " + cpus.size() + " entries for "
                            + clients.size() + " client(s)",
                    "give one CPU for all clients (client_cpus = [1]) or one per client, in the order of clients");
        }
        ServiceSpec spec = new ServiceSpec(processes, r.optString("setup"), r.optString("teardown"), clients,
                r.bool("concurrent", false), cpus, clientRole, r.has("process") || r.has("client_role"));
        if (!processes.isEmpty() && spec.rolesUnderTest().isEmpty()) {
            String k = r.has("server") ? "server" : "process";
            problems.add(r.line(k), prefix + "." + k, "the " + (r.has("server") ? "server" : "workload")
                            + " never runs the built program: {binary} is missing",
                    r.has("server") ? "start it with {binary}, e.g. server = \"exec {binary} --port {port}\""
                            : "run {binary} in one process's command or in a client");
        }
        return spec;
    }

    /** The {@code server = "..."} form. */
    private static ProcessSpec single(TableReader r, String prefix, Set<String> extraPlaceholders, Set<String> used,
                                      ConfigProblems problems) {
        String server = r.string("server", "server = \"{binary} --port {port}\"");
        ValueChecks.nonEmpty(r, "server", server, "server = \"{binary} --port {port}\"", problems);
        checkPlaceholders(r, "server", server, withPorts(server, union(SERVICE_PLACEHOLDERS, extraPlaceholders)), problems);
        return process(r, prefix, ProcessSpec.SERVER, server, used, problems);
    }

    private static List<ProcessSpec> processes(TomlTable t, TableReader r, String section, String prefix,
                                               Set<String> extraPlaceholders, String clientRole, Set<String> used,
                                               ConfigProblems problems) {
        for (String k : union(Set.of("server"), PROCESS_KEYS_AT_TOP)) {
            if (r.has(k)) {
                problems.add(r.line(k), prefix + "." + k, k.equals("server")
                                ? "a workload has either 'server' or [[" + section + ".process]] entries, not both"
                                : "with [[" + section + ".process]] entries, '" + k + "' belongs to each process",
                        k.equals("server") ? "make the server one more [[" + section + ".process]] with role = \"server\""
                                : "move " + k + " into the [[" + section + ".process]] it is for");
            }
        }
        List<ProcessSpec> out = new ArrayList<>();
        Object v = t.get(List.of("process"));
        if (!(v instanceof TomlArray arr) || !allTables(arr) || arr.isEmpty()) {
            problems.add(r.line("process"), prefix + ".process", "must be a list of [[" + section + ".process]] tables",
                    "[[" + section + ".process]]\n      role = \"db\"\n      command = \"exec postgres -p {port:db}\"");
            return out;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < arr.size(); i++) {
            TomlPosition pos = arr.inputPositionOf(i);
            TableReader p = new TableReader(arr.getTable(i), prefix + ".process[" + i + "]",
                    pos == null ? r.headerLine() : pos.line(), problems);
            p.rejectUnknown(section.equals("train") ? PROCESS : minus(PROCESS, "profile"));
            String role = p.string("role", "role = \"db\"").trim();
            if (!role.isEmpty() && !role.matches(ROLE_PATTERN)) {
                problems.add(p.line("role"), p.qualified("role"), "'" + role + "' is not a usable role name",
                        "lower-case letters, digits, '_' and '-', starting with a letter (it prefixes metric names:"
                                + " " + "db.cpu_time)");
            } else if (role.equals("det")) {
                problems.add(p.line("role"), p.qualified("role"), "'det' is taken by the deterministic metrics (det.*)",
                        "pick another role name");
            } else if (!role.isEmpty() && (!seen.add(role) || role.equals(clientRole))) {
                problems.add(p.line("role"), p.qualified("role"), "role '" + role + "' is used twice"
                                + (role.equals(clientRole) ? " (it is the clients' role)" : ""),
                        "give every process its own role" + (role.equals(clientRole) ? ", or set client_role" : ""));
            }
            String command = p.string("command", "command = \"exec {binary} --port {port:" + (role.isEmpty() ? "x" : role)
                    + "}\"");
            ValueChecks.nonEmpty(p, "command", command, "command = \"exec {binary} --port {port}\"", problems);
            checkPlaceholders(p, "command", command, withPorts(command, ProcessSpec.runsBinary(command)
                    ? union(SERVICE_PLACEHOLDERS, extraPlaceholders)
                    : union(SERVICE_PLACEHOLDERS, Set.copyOf(extraPlaceholders.stream().filter(n -> n.startsWith("bin:"))
                    .toList()))), problems);
            ProcessSpec ps = process(p, prefix + "." + (role.isEmpty() ? "process[" + i + "]" : role), role, command,
                    used, problems);
            out.add(new ProcessSpec(ps.role(), ps.command(), ps.ready(), ps.readyTimeout(), ps.stopSignal(),
                    ps.stopGrace(), profileTag(p, problems)));
        }
        return out;
    }

    /** ready, ready_timeout, stop_signal and stop_grace of one process (top level in the server form). */
    private static ProcessSpec process(TableReader r, String prefix, String role, String command, Set<String> used,
                                       ConfigProblems problems) {
        String ready = r.optString("ready").orElse("tcp");
        ValueChecks.readiness(r, prefix, ready, problems);
        ReadyPort.named(ready).filter(n -> n.matches("[A-Za-z0-9_-]+") && !used.contains(n)).ifPresent(n ->
                problems.add(r.line("ready"), prefix + ".ready", "waits for port '" + n + "', which no command uses",
                        (n.matches("[0-9]+") ? "pgolab picks free ports itself: put {port} in the command and use"
                                + " ready = \"tcp\"; or " : "")
                        + "name a port the commands use ({port:" + n + "} in the process's command), or use \"tcp\" for"
                                + " its first port; the commands use: " + (used.isEmpty() ? "no port" : String.join(", ",
                                used.stream().map(u -> u.isEmpty() ? "{port}" : "{port:" + u + "}").toList()))));
        if (ready.startsWith("probe:")) {
            checkPlaceholders(r, "ready", ready, withPorts(ready, SERVICE_PLACEHOLDERS), problems);
        }
        if (ready.equals("tcp") && !command.isBlank() && ports(command).isEmpty()) {
            problems.add(r.line("ready"), prefix + ".ready", "\"tcp\" waits for the process's port, but its command"
                    + " names none", "put {port} or {port:NAME} in the command, or name the port: ready = \"tcp:NAME\","
                    + " or use ready = \"log:REGEX\"");
        }
        String signal = r.optString("stop_signal").orElse("SIGTERM").toUpperCase();
        if (!signal.startsWith("SIG")) {
            signal = "SIG" + signal;
        }
        if (!ServiceSpec.SIGNALS.contains(signal)) {
            problems.add(r.line("stop_signal"), prefix + ".stop_signal", "unsupported signal '" + signal + "'",
                    "one of " + String.join(", ", ServiceSpec.SIGNALS) + " (SIGKILL would lose the profile)");
        }
        return new ProcessSpec(role, command, ready, r.duration("ready_timeout", Duration.ofSeconds(30)), signal,
                r.duration("stop_grace", Duration.ofSeconds(10)), "");
    }

    private static String profileTag(TableReader r, ConfigProblems problems) {
        String tag = r.optString("profile").orElse("").trim().toLowerCase();
        if (!tag.isEmpty() && !Variant.isProfileName(tag)) {
            problems.add(r.line("profile"), r.qualified("profile"), "'" + tag + "' is not a usable profile name",
                    "use letters, digits, '.', '_' and '-' (variants name it as pgo@" + "NAME)");
        }
        return tag;
    }

    /** Every port name the strings of the workload's table (and its processes') use ("" is {port}). */
    private static Set<String> usedPorts(TomlTable t) {
        Set<String> out = new LinkedHashSet<>();
        for (String k : List.of("server", "setup", "teardown")) {
            if (t.get(List.of(k)) instanceof String v) {
                out.addAll(ports(v));
            }
        }
        if (t.get(List.of("clients")) instanceof TomlArray a) {
            for (int i = 0; i < a.size(); i++) {
                if (a.get(i) instanceof String v) {
                    out.addAll(ports(v));
                }
            }
        }
        if (t.get(List.of("process")) instanceof TomlArray a && allTables(a)) {
            for (int i = 0; i < a.size(); i++) {
                if (a.getTable(i).get(List.of("command")) instanceof String v) {
                    out.addAll(ports(v));
                }
            }
        }
        return out;
    }

    /** The port names a template uses, in order ("" for {port}). */
    static List<String> ports(String text) {
        return Template.placeholders(text).stream().filter(n -> n.equals("port") || n.startsWith("port:"))
                .map(n -> n.equals("port") ? "" : n.substring(5)).distinct().toList();
    }

    /** allowed plus every {port:NAME} the text uses. */
    static Set<String> withPorts(String text, Set<String> allowed) {
        Set<String> out = new HashSet<>(allowed);
        Template.placeholders(text).stream().filter(n -> n.startsWith("port:")).forEach(out::add);
        return out;
    }

    private static Set<String> minus(Set<String> s, String k) {
        Set<String> out = new HashSet<>(s);
        out.remove(k);
        return out;
    }
}
