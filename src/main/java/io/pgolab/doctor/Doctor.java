package io.pgolab.doctor;

import io.pgolab.config.Config;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * 'pgolab doctor': finds the compilers and profile tools on this machine with the toolchains' own
 * discovery ({@link DoctorDiscovery}), decides which variants each can build ({@link ReadinessMatrix},
 * assembled by {@link DoctorReport}) and what to install for the rest. Never prints; {@link #render}
 * turns a {@link Report} into text.
 */
public final class Doctor {
    /** A titled group of checks. */
    public record Section(String title, List<DoctorCheck> checks) {
    }

    /** Whether one toolchain can build one variant; needs and fix are empty when it can. */
    public record Readiness(String kind, String toolchain, String variant, boolean buildable,
                            List<String> needs, String fix) {
    }

    /**
     * Everything doctor found. readiness: every detected toolchain x every known variant.
     * configured: the config's variants with the configured toolchain (empty without a config).
     */
    public record Report(List<Section> sections, List<Readiness> readiness, List<Readiness> configured,
                         boolean configPresent, int exitCode) {
    }

    private Doctor() {
    }

    /**
     * Examines this machine and, when config is present, the configured toolchain and variants.
     * configFile is only named in the report when there is no config.
     */
    public static Report examine(Optional<Config> config, Path configFile) {
        return DoctorReport.assemble(DoctorDiscovery.gather(config, configFile));
    }

    /** Plain text: one title line per section, then one line per check, aligned. */
    public static String render(Report report) {
        return DoctorText.render(report);
    }
}
