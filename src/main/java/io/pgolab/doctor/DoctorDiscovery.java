package io.pgolab.doctor;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.ToolchainSpec;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.ToolchainKind;
import io.pgolab.toolchain.llvm.ClangToolchain;
import io.pgolab.toolchain.gcc.GccToolchain;
import io.pgolab.toolchain.detect.Installs;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.toolchain.detect.Toolchains;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The part of doctor that looks at the machine: the toolchains' own discovery ({@link Installs}),
 * the configured toolchain exactly as the build detects it, and the host checks ({@link DoctorHost}).
 */
final class DoctorDiscovery {
    /** Toolchain.detect needs a scratch path; nothing is written there by detection or require(). */
    private static final Path SCRATCH = Path.of(System.getProperty("java.io.tmpdir"), "pgolab-doctor");

    private DoctorDiscovery() {
    }

    static DoctorFacts gather(Optional<Config> config, Path configFile) {
        // rustup chooses the toolchain from the directory cargo runs in: the project root, with build.env.
        Installs installs = Installs.discover(config.map(Config::root).orElse(configFile.toAbsolutePath().getParent()),
                config.map(c -> c.build().env()).orElse(Map.of()));
        DoctorHost.Perf perf = DoctorHost.perf();
        List<DoctorCheck> measure = new ArrayList<>(perf.checks());
        measure.add(DoctorHost.valgrind());
        measure.add(DoctorHost.autogroup());
        HostFacts host = new HostFacts(perf.hardwareCounters(), measure, DoctorHost.jdks(), DoctorHost.optionalTools());
        return new DoctorFacts(installs, host, config.map(DoctorDiscovery::configured), configFile);
    }

    /** Detects the config's toolchain as the build does, and asks it about each configured variant. */
    static ConfiguredToolchain configured(Config cfg) {
        ToolchainSpec spec = cfg.toolchain();
        String asked = ToolchainKind.of(spec.kind()).jvm() ? "kind = jvm" + spec.jvm().jdk().map(j -> ", jdk = " + j)
                .or(() -> spec.jvm().javaHome().map(h -> ", java_home = " + h)).orElse(" (JAVA_HOME, java on PATH)")
                : "kind = " + spec.kind() + spec.cc().map(cc -> ", cc = " + cc).orElse(" (auto-detect)");
        Toolchain tc;
        try {
            tc = Toolchains.detect(cfg, SCRATCH, null);
        } catch (UserError e) {
            return ConfiguredToolchain.failed(cfg.file(), spec.kind(), asked, cfg.variants(),
                    ConfiguredToolchain.Problem.of(e));
        }
        Map<String, ConfiguredToolchain.Problem> refusals = new LinkedHashMap<>();
        for (Variant v : cfg.variants()) {
            try {
                tc.require(v);
            } catch (UserError e) {
                refusals.put(v.name(), ConfiguredToolchain.Problem.of(e));
            }
        }
        return new ConfiguredToolchain(cfg.file(), tc.kind(), asked, cfg.variants(), Optional.empty(), tc.describe(),
                tc instanceof ClangToolchain c ? Optional.of(c.install()) : Optional.empty(),
                tc instanceof GccToolchain g ? Optional.of(g.install()) : Optional.empty(), refusals);
    }
}
