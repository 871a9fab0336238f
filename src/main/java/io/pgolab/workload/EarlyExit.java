package io.pgolab.workload;

import io.pgolab.UserError;
import io.pgolab.config.ProcessSpec;
import io.pgolab.config.ServiceSpec;
import java.util.Map;

/**
 * A long-running process of a named-role workload that had already ended when pgolab came to stop
 * it: its figures cover only part of the load (or a daemon it started escaped pgolab's cleanup), so
 * the life is an error, never a measurement. The single {@code server} form keeps its own messages
 * (training says how the server ended and why no profile was written).
 */
final class EarlyExit {
    private EarlyExit() {
    }

    static void check(ServiceRun.Request q, ServiceSpec spec, Map<String, Service.Stopped> stopped, Processes started) {
        if (!spec.named()) {
            return;
        }
        for (ProcessSpec p : spec.processes()) {
            Service.Stopped s = stopped.get(p.role());
            if (s == null || !s.exitedBefore()) {
                continue;
            }
            var m = s.measurement();
            String how = m.signal() != 0 ? "was killed by " + Signals.name(m.signal()) : "exited with status " + m.exitCode();
            throw new UserError("the '" + p.role() + "' process of '" + q.name() + "' (" + (p.underTest() ? "under test"
                    : "a helper") + ") " + how + " before the load was over, so this run measured only part of it"
                    + started.get(p.role()).tailForMessage(),
                    m.exitCode() == 0 && m.signal() == 0
                            ? "a process must stay in the foreground until pgolab stops it: start the server itself"
                            + " (exec it; turn off its daemon or background mode), not a command that starts it and returns"
                            : "run the process's command by hand to see why it ended");
        }
    }
}
