package io.pgolab.bench;

import io.pgolab.UserError;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.ServiceExec;
import io.pgolab.measure.Subject;
import io.pgolab.measure.Warning;
import io.pgolab.parse.OutputParser;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.util.Shell;
import io.pgolab.util.Strings;
import io.pgolab.workload.Measurements;
import io.pgolab.workload.ServiceRun;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The [[bench]] entries of a project as engine workloads: one subject per built variant. */
public final class ProjectWorkloads {
    private final BenchContext c;
    private final List<String> selected;
    private final Map<String, Optional<OutputParser>> parsers = new HashMap<>();

    /** Every [[bench]] entry. */
    public ProjectWorkloads(BenchContext c) {
        this(c, List.of());
    }

    /**
     * The [[bench]] entries named in only (every entry when only is empty, as without --workload). Resolves every
     * entry's parser and every name at once, before anything is built, so that a typo fails fast.
     */
    public ProjectWorkloads(BenchContext c, List<String> only) {
        if (c.config().bench().isEmpty()) {
            throw new UserError("there is no [[bench]] workload in " + c.config().file(),
                    "add one: [[bench]] name = \"main\" command = \"{binary} input\"");
        }
        this.c = c;
        this.selected = select(c.config().bench().stream().map(WorkloadSpec::name).toList(), only,
                c.config().file().toString());
        c.config().bench().forEach(w -> parsers.put(w.name(), WorkloadParsers.of(w)));
    }

    /** The names of the selected entries, in config order. */
    public List<String> names() {
        return selected;
    }

    /**
     * The entries of all (in config order) that asked names (--workload, repeatable), or all of them when asked is
     * empty; an unknown name is a user error with the closest name and the list.
     */
    static List<String> select(List<String> all, List<String> asked, String file) {
        if (asked.isEmpty()) {
            return all;
        }
        for (String name : asked) {
            if (!all.contains(name)) {
                throw new UserError("there is no [[bench]] workload '" + name + "' in " + file,
                        Strings.closest(name, all).map(k -> "did you mean '" + k + "'? ").orElse("")
                                + "the [[bench]] workloads: " + String.join(", ", all));
            }
        }
        LinkedHashSet<String> wanted = new LinkedHashSet<>(asked);
        return all.stream().filter(wanted::contains).toList();
    }

    /** The workloads with one subject per artifact; each artifact is first checked to be the binary pgolab built. */
    public List<BenchWorkload> of(List<BuiltArtifact> built) {
        built.forEach(c.store()::verify);
        return of(built, built.stream().map(BuiltArtifact::variant).toList());
    }

    /**
     * The workloads with one subject per artifact, labelled: the gate measures artifacts of two commits (verified
     * against their own stores by the caller) under the labels base:VARIANT and candidate:VARIANT.
     */
    public List<BenchWorkload> of(List<BuiltArtifact> built, List<String> labels) {
        List<BenchWorkload> workloads = new ArrayList<>();
        List<Warning> identical = IdenticalBinaries.of(built, labels);
        for (WorkloadSpec w : c.config().bench()) {
            if (!selected.contains(w.name())) {
                continue;
            }
            List<Subject> subjects = new ArrayList<>();
            for (int i = 0; i < built.size(); i++) {
                BuiltArtifact a = built.get(i);
                String label = labels.get(i);
                subjects.add(w.isService() ? serviceSubject(w, a, label)
                        : new Subject(label, Shell.bash(c.config().workloadCommand(w, a.binary())),
                                c.config().configDir(), w.env(), parsers.get(w.name())));
            }
            workloads.add(new BenchWorkload(w.name(), w.command(), subjects, w.primary(), w.minEffects(), w.timeout(),
                    identical));
        }
        return workloads;
    }

    /** A server under load: each measured run is one life of the server, pinned apart from its clients. */
    private Subject serviceSubject(WorkloadSpec w, BuiltArtifact a, String label) {
        var spec = w.service().orElseThrow();
        Optional<OutputParser> parser = parsers.get(w.name());
        // A client whose output reports the load tool's own error (iperf3 -J exits 0) fails there, before teardown.
        ServiceRun.Request request = ServiceRun.Request.of(c.config(), "bench-" + w.name() + "-" + label.replace(':', '-'), spec,
                a.binary(), w.env(), c.store().logs(), w.timeout())
                .withCheck(out -> parser.flatMap(p -> p.reportedError(out)));
        ServiceExec exec = (serverCpu, clientCpu) -> {
            ServiceRun.Result r = ServiceRun.run(request.pinned(serverCpu, clientCpu), c.runner());
            var byRole = r.byRole(spec.clientRole());
            var underTest = Measurements.sum(spec.rolesUnderTest().stream().map(byRole::get).toList());
            return new ServiceExec.Outcome(underTest, spec.named() ? byRole : Map.of(), r.clientOutput(),
                    r.loadSeconds(spec.concurrent()), r.readySeconds());
        };
        return new Subject(label, Shell.bash(spec.server()), c.config().configDir(), w.env(), parser,
                Optional.of(exec));
    }
}
