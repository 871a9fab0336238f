package io.pgolab.doctor;

import io.pgolab.toolchain.detect.Installs;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Everything doctor looked up, and nothing more: the report is a pure function of this
 * ({@link DoctorReport#assemble}). configFile is named in the report only when there is no config.
 */
public record DoctorFacts(Installs installs, HostFacts host, Optional<ConfiguredToolchain> configured, Path configFile) {
}
