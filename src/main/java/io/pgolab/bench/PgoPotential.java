package io.pgolab.bench;

import io.pgolab.UserError;
import io.pgolab.config.ServiceSpec;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.perf.DsoShares;
import io.pgolab.measure.perf.Perf;
import io.pgolab.measure.perf.PerfRecord;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.util.FirstFailure;
import io.pgolab.workload.ServiceRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * "PGO potential" of a server: one extra life per variant under perf record (cpu-clock), split into
 * its own code, libraries and the kernel. PGO can only speed up the first part.
 */
public final class PgoPotential {
    private PgoPotential() {
    }

    /** The results with the potential of every service workload's variants (none in deterministic mode). */
    public static BenchResults addTo(BenchContext c, BenchResults r, List<BuiltArtifact> built, boolean deterministic) {
        List<String> measured = r.workloads().stream().map(BenchResults.WorkloadResult::name).toList();
        for (WorkloadSpec w : c.config().bench()) {
            if (w.isService() && !deterministic && measured.contains(w.name())) {
                c.events().started("PGO potential " + w.name(), "one more run per variant under perf record -e cpu-clock");
                r = r.withPotential(w.name(), measure(c, w, built));
            }
        }
        return r;
    }

    static Map<String, Potential> measure(BenchContext c, WorkloadSpec w, Iterable<BuiltArtifact> variants) {
        Map<String, Potential> out = new LinkedHashMap<>();
        if (Perf.detect().samplingProblem().isPresent()) {
            c.events().warn("PGO potential not measured: " + Perf.detect().samplingProblem().get());
            return out;
        }
        var spec = w.service().orElseThrow();
        for (BuiltArtifact a : variants) {
            Map<String, Path> data = new LinkedHashMap<>();
            for (String role : spec.rolesUnderTest()) {
                data.put(role, c.store().runs().resolve("perf-" + w.name() + "-" + a.variant()
                        + (spec.named() ? "-" + role : "") + ".data"));
            }
            List<PerfRecord> recs = new ArrayList<>();
            Map<String, DsoShares> shares = new LinkedHashMap<>();
            try {
                record(c, w, a, spec, data, recs);
                for (var e : data.entrySet()) {
                    shares.put(e.getKey(), DsoShares.read(e.getValue(), Path.of(a.binary()).getFileName().toString()));
                }
            } catch (UserError e) {
                if (Thread.currentThread().isInterrupted()) {
                    throw e;
                }
                // an extra run for an explanation: its failure is said, never the end of the bench
                c.events().warn("PGO potential of " + a.variant() + " not measured: " + e.getMessage());
                continue;
            }
            for (var e : shares.entrySet()) {
                DsoShares sh = e.getValue();
                String whose = spec.named() ? "the '" + e.getKey() + "' role's" : "the server's";
                out.put(spec.named() ? a.variant() + "/" + e.getKey() : a.variant(), new Potential(sh.own(), sh.libraries(),
                        sh.kernel(), sh.samples(), sh.describe(whose)));
            }
        }
        return out;
    }

    private static void record(BenchContext c, WorkloadSpec w, BuiltArtifact a, ServiceSpec spec,
                               Map<String, Path> data, List<PerfRecord> recs) {
        try {   // a client under test is recorded by a perf record in its own command line, which needs the directory
            Files.createDirectories(c.store().runs());
            for (Path d : data.values()) {
                Files.deleteIfExists(d);   // a stale recording must never be read as this one
            }
        } catch (IOException e) {
            throw new UserError("cannot prepare " + c.store().runs() + " for perf data: " + e.getMessage());
        }
        ServiceRun.run(ServiceRun.Request.of(c.config(), "potential-" + w.name() + "-" + a.variant(), spec,
                    a.binary(), w.env(), c.store().logs(), w.timeout()).withHook(pids -> {
                        // each process under test with its whole tree (a wrapper's children included)
                        pids.forEach((role, pid) -> recs.add(PerfRecord.start(PerfRecord.tree(pid), data.get(role))));
                        return () -> {
                            FirstFailure f = new FirstFailure();
                            recs.forEach(rec -> f.run(rec::stop));
                            f.rethrow();
                        };
                    }).wrappingClients(cmd -> PerfRecord.wrapping(cmd, data.get(spec.clientRole()))), c.runner());
    }
}
