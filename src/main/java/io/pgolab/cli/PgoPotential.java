package io.pgolab.cli;

import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.perf.DsoShares;
import io.pgolab.measure.perf.Perf;
import io.pgolab.measure.perf.PerfRecord;
import io.pgolab.pipeline.BuiltArtifact;
import io.pgolab.workload.ServiceRun;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * "PGO potential" of a server: one extra life per variant under perf record (cpu-clock), split into
 * its own code, libraries and the kernel. PGO can only speed up the first part.
 */
final class PgoPotential {
    private PgoPotential() {
    }

    static Map<String, DsoShares> measure(Session s, WorkloadSpec w, Iterable<BuiltArtifact> variants) {
        Map<String, DsoShares> out = new LinkedHashMap<>();
        if (Perf.detect().samplingProblem().isPresent()) {
            s.console.warn("PGO potential not measured: " + Perf.detect().samplingProblem().get());
            return out;
        }
        for (BuiltArtifact a : variants) {
            Path data = s.store.runs().resolve("perf-" + w.name() + "-" + a.variant() + ".data");
            PerfRecord[] rec = new PerfRecord[1];
            ServiceRun.run(s.config, "potential-" + w.name() + "-" + a.variant(), w.service().orElseThrow(), a.binary(),
                    w.env(), s.store.logs(), s.runner, w.timeout(), OptionalInt.empty(), OptionalInt.empty(), pid -> {
                        rec[0] = PerfRecord.start(pid, data);
                        return () -> rec[0].stop();
                    });
            out.put(a.variant(), DsoShares.read(data, Path.of(a.binary()).getFileName().toString()));
        }
        return out;
    }
}
