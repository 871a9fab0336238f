package io.pgolab.config;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * One [[train]] or [[bench]] entry: a shell command run against a built binary. Bench entries can
 * also name a parser for the output, extra metrics, per-metric minimum effects (fractions) and
 * their primary metrics. A [[train]] entry can be tagged with a profile name (empty: untagged), so
 * that a variant such as "pgo@server" is built from the tagged workloads only. A [[train]] entry's
 * share (0: none) is the fraction of the merged profile's counts it is to contribute, in place of a
 * weight; base marks the project's own broad training (its test suite), reported apart from the
 * user's workloads. time is a microbenchmark suite's: "cpu" or "real" (which time its benchmarks are read in), ""
 * for the suite's default.
 */
public record WorkloadSpec(
        String name,
        String command,
        Duration timeout,
        double weight,
        Map<String, String> env,
        int line,
        Optional<String> parser,
        List<MetricSpec> metrics,
        Map<String, Double> minEffects,
        List<String> primary,
        Optional<ServiceSpec> service,
        String profile,
        Map<String, Double> bounds,
        double share,
        boolean base,
        String time) {

    public WorkloadSpec(String name, String command, Duration timeout, double weight, Map<String, String> env, int line) {
        this(name, command, timeout, weight, env, line, Optional.empty(), List.of(), Map.of(), List.of(), Optional.empty(), "",
                Map.of(), 0, false, "");
    }

    /** Whether this training workload asks for a share of the merged profile's counts (share = F) instead of a weight. */
    public boolean hasShare() {
        return share > 0;
    }

    /** Whether this training workload feeds the profile set (empty set: every workload), itself or by one role. */
    public boolean feeds(String profileSet) {
        return profileSet.isEmpty() || profileTags().contains(profileSet);
    }

    /**
     * The profile a role under test feeds: its own profile = "TAG" ([[train.process]]), else the
     * workload's (for the clients too).
     */
    public String profileOf(String role) {
        return service.flatMap(s -> s.processes().stream().filter(p -> p.role().equals(role)).findFirst())
                .map(ProcessSpec::profile).filter(t -> !t.isEmpty()).orElse(profile);
    }

    /** The profile sets this workload feeds ("" untagged): the workload's own and its roles'. */
    public Set<String> profileTags() {
        Set<String> out = new TreeSet<>();
        if (service.isPresent()) {
            service.get().rolesUnderTest().forEach(r -> out.add(profileOf(r)));
        } else {
            out.add(profile);
        }
        out.remove("");
        return out;
    }

    public boolean isService() {
        return service.isPresent();
    }
}
