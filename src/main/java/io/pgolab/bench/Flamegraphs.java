package io.pgolab.bench;

import io.pgolab.UserError;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.Subject;
import io.pgolab.measure.perf.CallGraphs;
import io.pgolab.measure.perf.Flamegraph;
import io.pgolab.measure.perf.FoldedStacks;
import io.pgolab.measure.perf.Perf;
import io.pgolab.measure.perf.PerfRecord;
import io.pgolab.process.Exec;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.ToolchainKind;
import io.pgolab.toolchain.elf.ElfSections;
import io.pgolab.util.FirstFailure;
import io.pgolab.util.Strings;
import io.pgolab.workload.ServiceRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * --flamegraph: after the measurements, one extra run per variant and workload under {@code perf record} with call
 * graphs ({@link CallGraphs}: the event and unwinding this machine and binary allow), folded into stacks kept in the
 * results. A server is recorded while under load, as for PGO potential: each process under test with its tree,
 * a client under test through its own command line. A failed recording is a warning, never the end of the bench.
 */
public final class Flamegraphs {
    private Flamegraphs() {
    }

    /**
     * With --flamegraph (asked), the results with a flamegraph per subject ({@link #addTo}); else as they are.
     * --flamegraph with --deterministic is a user error.
     */
    public static BenchResults addIfAsked(boolean asked, boolean deterministic, BenchContext c, BenchResults r,
                                          List<BenchWorkload> workloads, List<BuiltArtifact> artifacts) {
        if (asked && deterministic) {
            throw new UserError("--flamegraph records real runs; it cannot be combined with --deterministic",
                    "drop one of them");
        }
        return asked ? addTo(c, r, workloads, artifacts) : r;
    }

    /**
     * The results with a flamegraph of every subject of every workload measured; artifacts are the subjects'
     * binaries in subject order (as the workloads were made from them).
     */
    public static BenchResults addTo(BenchContext c, BenchResults r, List<BenchWorkload> workloads,
                                     List<BuiltArtifact> artifacts) {
        Optional<String> problem = Perf.detect().samplingProblem();
        if (problem.isPresent()) {
            c.events().warn("flamegraphs not recorded: " + problem.get());
            return r;
        }
        String event = CallGraphs.event();
        for (BenchWorkload w : workloads) {
            Optional<WorkloadSpec> spec = c.config().bench().stream().filter(s -> s.name().equals(w.name())).findFirst();
            c.events().started("flamegraph " + w.name(), "one more run per variant under perf record -e " + event
                    + " with call graphs");
            Map<String, Flamegraph> graphs = new LinkedHashMap<>();
            for (int i = 0; i < w.subjects().size(); i++) {
                Subject s = w.subjects().get(i);
                BuiltArtifact a = artifacts.get(i);
                String mode = mode(c, a);
                try {
                    Map<String, Long> stacks = new LinkedHashMap<>();
                    for (Path data : record(c, w, spec, s, a, CallGraphs.recordArgs(event, mode))) {
                        CallGraphs.fold(c.log(), data).forEach((k, v) -> stacks.merge(k, v, Long::sum));
                        Files.deleteIfExists(data); // DWARF recordings are large; the folded stacks are what is kept
                    }
                    graphs.put(s.label(), FoldedStacks.cap(event, mode, stacks, FoldedStacks.MAX_STACKS));
                } catch (UserError | IOException e) {
                    if (Thread.currentThread().isInterrupted()) {
                        throw e instanceof UserError u ? u : new UserError("interrupted");
                    }
                    c.events().warn("flamegraph of " + s.label() + " on " + w.name() + " not recorded: " + e.getMessage());
                }
            }
            r = r.withFlamegraphs(w.name(), graphs);
        }
        return r;
    }

    /** Frame pointers for Go (which keeps them) and builds that ask for them; else DWARF where unwind tables exist. */
    static String mode(BenchContext c, BuiltArtifact a) {
        boolean fp = c.toolchain() != null && ToolchainKind.of(c.toolchain().kind()).framePointers()
                || a.command() != null && a.command().contains("-fno-omit-frame-pointer");
        return CallGraphs.mode(fp, ElfSections.hasUnwindTables(Path.of(a.binary())));
    }

    private static List<Path> record(BenchContext c, BenchWorkload w, Optional<WorkloadSpec> spec, Subject s,
                                     BuiltArtifact a, List<String> args) throws IOException {
        Files.createDirectories(c.store().runs());
        String base = "flame-" + safe(w.name()) + "-" + safe(s.label());
        if (spec.isPresent() && spec.get().isService()) {
            return service(c, spec.get(), a, s.label(), base, args);
        }
        Path data = c.store().runs().resolve(base + ".data");
        Files.deleteIfExists(data);
        List<String> argv = new ArrayList<>(List.of("perf", "record", "-q"));
        argv.addAll(args);
        argv.addAll(List.of("-o", data.toString(), "--"));
        argv.addAll(s.argv());
        Exec.Result res = Exec.run(c.log(), Exec.Request.of(argv).in(s.workDir(), s.env())
                .timeout(w.timeout(), "the workload's timeout applies to its recorded run too"));
        if (!res.ok() || !Files.isRegularFile(data)) {
            throw new UserError("perf record exited with " + res.exitCode() + ": "
                    + Strings.firstLine(res.output(), "(no output)"));
        }
        return List.of(data);
    }

    /** One life of the server under load, each role under test recorded into its own file. */
    private static List<Path> service(BenchContext c, WorkloadSpec w, BuiltArtifact a, String label, String base,
                                      List<String> args) throws IOException {
        var spec = w.service().orElseThrow();
        Map<String, Path> data = new LinkedHashMap<>();
        for (String role : spec.rolesUnderTest()) {
            Path p = c.store().runs().resolve(base + "-" + safe(role) + ".data");
            Files.deleteIfExists(p);
            data.put(role, p);
        }
        List<PerfRecord> recs = new ArrayList<>();
        ServiceRun.run(ServiceRun.Request.of(c.config(), "flamegraph-" + w.name() + "-" + label.replace(':', '-'), spec,
                a.binary(), w.env(), c.store().logs(), w.timeout()).withHook(pids -> {
                    pids.forEach((role, pid) -> recs.add(PerfRecord.start(PerfRecord.tree(pid), data.get(role), args)));
                    return () -> {
                        FirstFailure f = new FirstFailure();
                        recs.forEach(rec -> f.run(rec::stop));
                        f.rethrow();
                    };
                }).wrappingClients(cmd -> PerfRecord.wrapping(cmd, data.get(spec.clientRole()), args)), c.runner());
        return data.values().stream().filter(Files::isRegularFile).toList();
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._+-]", "_");
    }
}
