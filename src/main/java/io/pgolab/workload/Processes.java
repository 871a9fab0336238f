package io.pgolab.workload;

import io.pgolab.UserError;
import io.pgolab.config.ProcessSpec;
import io.pgolab.config.ServiceSpec;
import io.pgolab.util.FirstFailure;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The long-running processes of one life, by role: stopped in reverse start order, and closed whatever happens. */
final class Processes implements AutoCloseable {
    private final Map<String, Service> byRole = new LinkedHashMap<>();

    Service add(String role, Service s) {
        byRole.put(role, s);
        return s;
    }

    Service get(String role) {
        Service s = byRole.get(role);
        if (s == null) {
            throw new IllegalStateException("no process with role " + role);
        }
        return s;
    }

    /**
     * Stops every process, last started first, each with its own stop signal; one that fails to stop
     * does not keep the others running (the first failure is thrown after all were stopped).
     */
    Map<String, Service.Stopped> stopAll(ServiceSpec spec) {
        List<ProcessSpec> order = new ArrayList<>(spec.processes());
        Collections.reverse(order);
        Map<String, Service.Stopped> stopped = new LinkedHashMap<>();
        FirstFailure failure = new FirstFailure();
        for (ProcessSpec p : order) {
            failure.run(() -> stopped.put(p.role(), get(p.role()).stop(p.stopSignal())));
        }
        failure.rethrow();
        Map<String, Service.Stopped> inOrder = new LinkedHashMap<>();
        spec.processes().forEach(p -> inOrder.put(p.role(), stopped.get(p.role())));
        if (inOrder.containsValue(null)) {
            throw new UserError("a process of the workload could not be stopped");
        }
        return inOrder;
    }

    @Override
    public void close() {
        List<Service> all = new ArrayList<>(byRole.values());
        Collections.reverse(all);
        all.forEach(Service::close);
    }
}
