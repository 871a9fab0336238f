package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.perf.Perf;
import io.pgolab.store.ArtifactStore;
import io.pgolab.toolchain.bolt.Bolt;
import io.pgolab.util.Hashing;
import io.pgolab.util.Shell;
import io.pgolab.workload.ShellRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * BOLT's profile from sampling: each [[train]] workload runs under perf record (with branch records
 * when the CPU has them, else plain cpu-clock samples) and perf2bolt turns each recording into an
 * .fdata file (-nl: basic samples without branch records).
 */
final class BoltPerfProfile {
    private final Config config;
    private final ShellRunner runner;
    private final TrainStage training;
    private final Bolt bolt;

    BoltPerfProfile(Config config, ShellRunner runner, TrainStage training, Bolt bolt) {
        this.config = config;
        this.runner = runner;
        this.training = training;
        this.bolt = bolt;
    }

    /** One .fdata file per training workload. */
    List<Path> collect(Path input, Path dir, List<WorkloadSpec> workloads) {
        Perf.detect().samplingProblem().ifPresent(r -> {
            throw new UserError("[bolt] profile = \"perf\" needs perf record, which cannot run here: " + r,
                    "set [bolt] profile = \"instrument\" (or \"auto\")");
        });
        boolean lbr = Perf.detect().branchRecords();
        List<Path> fdata = new ArrayList<>();
        for (WorkloadSpec w : workloads) {
            if (w.isService()) {
                throw new UserError("[bolt] profile = \"perf\" cannot profile the service workload '" + w.name() + "' yet",
                        "set [bolt] profile = \"instrument\": BOLT's instrumentation works with servers that exit normally");
            }
            Path raw = dir.resolve("runs").resolve(w.name());
            ArtifactStore.freshDir(raw);
            Path perfData = raw.resolve("perf.data");
            TrainStage.Collector perf = TrainStage.Collector.of(
                    r -> Files.isRegularFile(perfData) && Hashing.sizeOf(perfData) > 0 ? List.of(perfData) : List.of(),
                    (command, r) -> "perf record -q " + (lbr ? "-e cycles:u -j any,u" : "-e cpu-clock") + " -o "
                            + Shell.quote(perfData.toString()) + " -- /bin/bash -c " + Shell.quote(command));
            training.runOne(w, input.toString(), raw, perf, "bolt-train-");
            Path out = raw.resolve("perf.fdata");
            ShellRunner.Outcome o = runner.run(Shell.join(bolt.perf2boltArgv(input, perfData, out, lbr)), raw, Map.of(),
                    Duration.ofMinutes(30), raw.resolve("perf2bolt.log"));
            if (!o.ok() || !Files.isRegularFile(out) || Hashing.sizeOf(out) == 0) {
                throw new UserError("perf2bolt could not convert the samples of '" + w.name() + "': "
                        + ShellRunner.describeFailure(o, 15),
                        "check that the workload runs {binary} long enough to be sampled, or set [bolt] profile = \"instrument\"");
            }
            fdata.add(out);
        }
        return fdata;
    }
}
