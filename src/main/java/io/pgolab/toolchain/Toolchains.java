package io.pgolab.toolchain;

import io.pgolab.config.ToolchainSpec;
import io.pgolab.util.CommandLog;
import java.nio.file.Path;

/** Picks the toolchain implementation named in the config. */
public final class Toolchains {
    private Toolchains() {
    }

    public static Toolchain detect(ToolchainSpec spec, Path scratch, CommandLog log) {
        return switch (spec.kind()) {
            case "clang" -> ClangToolchain.detect(spec, scratch, log);
            case "gcc" -> GccToolchain.detect(spec, scratch, log);
            case "go" -> GoToolchain.detect(spec, log);
            default -> throw new IllegalArgumentException("unvalidated toolchain kind " + spec.kind());
        };
    }
}
