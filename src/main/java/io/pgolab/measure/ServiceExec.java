package io.pgolab.measure;

import io.pgolab.process.Measurement;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One measured life of a service workload, for service subjects: the caller starts its processes
 * (what is under test on testCpu, helpers on helperCpu), loads them and stops them. Metrics come from
 * the rusage of the roles under test; the clients' output goes to the parser.
 */
public interface ServiceExec {
    Outcome run(int testCpu, int helperCpu);

    /**
     * What the roles under test used together over their lives, each role's own measurement (in
     * order; empty unless the workload names its roles), what the clients printed, and the load window.
     */
    record Outcome(Measurement underTest, Map<String, Measurement> roles, String clientOutput, double loadSeconds,
                   double readySeconds) {
        public Outcome(Measurement server, String clientOutput, double loadSeconds) {
            this(server, Map.of(), clientOutput, loadSeconds, -1);
        }

        public Outcome(Measurement underTest, Map<String, Measurement> roles, String clientOutput, double loadSeconds) {
            this(underTest, roles, clientOutput, loadSeconds, -1);
        }

        public Outcome {
            roles = Collections.unmodifiableMap(new LinkedHashMap<>(roles));
        }

        /** Kept for callers that know the workload has one server. */
        public Measurement server() {
            return underTest;
        }

        public List<String> roleNames() {
            return List.copyOf(roles.keySet());
        }
    }
}
