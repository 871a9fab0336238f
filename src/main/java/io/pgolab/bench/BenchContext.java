package io.pgolab.bench;

import io.pgolab.config.Config;
import io.pgolab.store.ArtifactStore;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Events;
import io.pgolab.workload.ShellRunner;

/** One project's bench: its config, toolchain, artifact store, the runner of its workloads, and where events go. */
public record BenchContext(Config config, Toolchain toolchain, ArtifactStore store, ShellRunner runner,
                           CommandLog log, Events events) {
}
