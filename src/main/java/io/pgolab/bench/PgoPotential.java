package io.pgolab.bench;

import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.perf.DsoShares;
import io.pgolab.measure.perf.Perf;
import io.pgolab.measure.perf.PerfRecord;
import io.pgolab.pipeline.BuiltArtifact;
import io.pgolab.workload.ServiceRun;
import java.nio.file.Path;
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
        for (BuiltArtifact a : variants) {
            Path data = c.store().runs().resolve("perf-" + w.name() + "-" + a.variant() + ".data");
            PerfRecord[] rec = new PerfRecord[1];
            ServiceRun.run(ServiceRun.Request.of(c.config(), "potential-" + w.name() + "-" + a.variant(),
                    w.service().orElseThrow(), a.binary(), w.env(), c.store().logs(), w.timeout()).withHook(pid -> {
                        rec[0] = PerfRecord.start(pid, data);
                        return () -> rec[0].stop();
                    }), c.runner());
            DsoShares sh = DsoShares.read(data, Path.of(a.binary()).getFileName().toString());
            out.put(a.variant(), new Potential(sh.own(), sh.libraries(), sh.kernel(), sh.samples(), sh.describe()));
        }
        return out;
    }
}
