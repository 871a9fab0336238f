package io.pgolab.pipeline;

import io.pgolab.config.ProcessSpec;
import io.pgolab.config.ServiceSpec;
import io.pgolab.config.Template;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.toolchain.RawInput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Where each role under test of a training workload writes its raw profile. A workload whose
 * processes name their own profile sets ([[train.process]] profile = "TAG", e.g. a tunnel's server
 * and client ends) gives every role under test its own directory raw/ROLE/, so each profile set
 * merges only its roles; any other workload writes into raw/ itself.
 */
final class RoleProfiles {
    private RoleProfiles() {
    }

    /** Whether the roles of w write separate profiles. */
    static boolean split(WorkloadSpec w) {
        return w.service().map(s -> s.processes().stream().anyMatch(p -> !p.profile().isEmpty())).orElse(false);
    }

    /** The directory role writes its raw profile to. */
    static Path dir(WorkloadSpec w, Path raw, String role) {
        return split(w) ? raw.resolve(role) : raw;
    }

    /** The merge inputs of w for profileSet ("" = all): raw/, or each role's directory that feeds the set. */
    static List<RawInput> inputs(WorkloadSpec w, Path raw, String profileSet) {
        if (!split(w)) {
            return List.of(new RawInput(w.name(), raw, w.weight(), w.share(), w.name()));
        }
        List<RawInput> out = new ArrayList<>();
        for (String role : w.service().orElseThrow().rolesUnderTest()) {
            if (profileSet.isEmpty() || w.profileOf(role).equals(profileSet)) {
                out.add(new RawInput(w.name() + "." + role, raw.resolve(role), w.weight(), w.share(), w.name()));
            }
        }
        return out;
    }

    /** Whether an earlier run left a raw profile for every role under test. */
    static boolean complete(WorkloadSpec w, Path raw, Function<Path, List<Path>> profiles) {
        if (!split(w)) {
            return !profiles.apply(raw).isEmpty();
        }
        return w.service().orElseThrow().rolesUnderTest().stream().noneMatch(r -> profiles.apply(raw.resolve(r)).isEmpty());
    }

    /**
     * The workload's commands as training runs them: each command under test through the toolchain's
     * training rewrite, with {profile} and {profile_dir} of its role's directory filled in.
     */
    static ServiceSpec withProfilePlaceholders(ServiceSpec s, WorkloadSpec w, Path raw,
                                               Function<Path, Map<String, String>> values, UnaryOperator<String> training) {
        List<ProcessSpec> ps = s.processes().stream().map(p -> !p.underTest() ? p
                : p.withCommand(Template.fillShell(training.apply(p.command()), values.apply(dir(w, raw, p.role())))))
                .toList();
        List<String> clients = s.clients().stream().map(c -> !ProcessSpec.runsBinary(c) ? c
                : Template.fillShell(training.apply(c), values.apply(dir(w, raw, s.clientRole())))).toList();
        return new ServiceSpec(ps, s.setup(), s.teardown(), clients, s.concurrent(), s.clientCpus(), s.clientRole(),
                s.named());
    }
}
