package io.pgolab.workload;

import io.pgolab.config.ProcessSpec;
import io.pgolab.config.ReadyPort;
import io.pgolab.config.ServiceSpec;
import io.pgolab.config.Template;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** The free ports of one life of a service workload: {port} and every {port:NAME}, all different. */
final class Ports {
    private static final int ATTEMPTS = 50;

    private Ports() {
    }

    /** A free port for each name the workload uses ("" is {port}, always there). */
    static Map<String, Integer> pick(ServiceSpec spec) {
        Set<String> names = new LinkedHashSet<>();
        names.add("");
        spec.processes().forEach(p -> {
            names.addAll(names(p.command()));
            names.addAll(names(p.ready()));
            ReadyPort.named(p.ready()).ifPresent(names::add);
        });
        spec.setup().ifPresent(s -> names.addAll(names(s)));
        spec.clients().forEach(c -> names.addAll(names(c)));
        spec.teardown().ifPresent(s -> names.addAll(names(s)));
        Map<String, Integer> out = new LinkedHashMap<>();
        Set<Integer> taken = new HashSet<>();
        for (String n : names) {
            int port = FreePort.pick();
            for (int i = 0; i < ATTEMPTS && !taken.add(port); i++) {
                port = FreePort.pick();
            }
            out.put(n, port);
        }
        return out;
    }

    /** The port a process's "tcp" or "http:" check waits on: the one it names, else the first its command uses. */
    static int of(ProcessSpec p, Map<String, Integer> ports) {
        String name = ReadyPort.named(p.ready()).orElseGet(() -> names(p.command()).stream().findFirst().orElse(""));
        return ports.getOrDefault(name, ports.get(""));
    }

    private static Set<String> names(String text) {
        Set<String> out = new LinkedHashSet<>();
        for (String n : Template.placeholders(text)) {
            if (n.equals("port")) {
                out.add("");
            } else if (n.startsWith("port:")) {
                out.add(n.substring(5));
            }
        }
        return out;
    }
}
