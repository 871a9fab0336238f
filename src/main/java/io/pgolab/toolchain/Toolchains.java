package io.pgolab.toolchain;

import io.pgolab.config.CargoSpec;
import io.pgolab.config.ToolchainSpec;
import io.pgolab.util.CommandLog;
import java.nio.file.Path;
import java.util.Optional;

/** Picks the toolchain implementation named in the config. */
public final class Toolchains {
    private Toolchains() {
    }

    public static Toolchain detect(ToolchainSpec spec, Path scratch, CommandLog log) {
        return detect(spec, Optional.empty(), scratch, log);
    }

    /** cargo: the [build] cargo keys (profile name for the LTO setting), when there is a config. */
    public static Toolchain detect(ToolchainSpec spec, Optional<CargoSpec> cargo, Path scratch, CommandLog log) {
        return switch (spec.kind()) {
            case "clang" -> ClangToolchain.detect(spec, scratch, log);
            case "gcc" -> GccToolchain.detect(spec, scratch, log);
            case "cargo" -> CargoToolchain.detect(spec, cargo, scratch, log);
            case "go" -> GoToolchain.detect(spec, log);
            default -> throw new IllegalArgumentException("unvalidated toolchain kind " + spec.kind());
        };
    }

    /** For C: clang when a clang with its own llvm-profdata is installed, else gcc. */
    public static String defaultCKind() {
        for (int m : ToolLocator.llvmMajors()) {
            if (ToolLocator.llvmTool(m, "clang").isPresent() && ToolLocator.llvmTool(m, "llvm-profdata").isPresent()) {
                return "clang";
            }
        }
        return "gcc";
    }
}
