package io.pgolab.toolchain.detect;

import io.pgolab.config.CargoSpec;
import io.pgolab.config.Config;
import io.pgolab.config.ToolchainSpec;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.toolchain.gcc.GccToolchain;
import io.pgolab.toolchain.go.GoToolchain;
import io.pgolab.toolchain.jvm.JvmToolchain;
import io.pgolab.toolchain.llvm.ClangToolchain;
import io.pgolab.toolchain.rust.CargoToolchain;
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

    /**
     * The config's toolchain: for cargo with the project root (where rustup reads rust-toolchain.toml,
     * and Cargo.toml's profiles are read) and build.env, exactly as the build runs cargo.
     */
    public static Toolchain detect(Config config, Path scratch, CommandLog log) {
        if (config.toolchain().kind().equals("cargo")) {
            return CargoToolchain.detect(config.toolchain(), config.build().cargo(),
                    new CargoToolchain.Project(config.root(), config.build().env()), scratch, log);
        }
        return detect(config.toolchain(), config.build().cargo(), scratch, log);
    }

    /** cargo: the [build] cargo keys (profile name for the LTO setting), when there is a config. */
    public static Toolchain detect(ToolchainSpec spec, Optional<CargoSpec> cargo, Path scratch, CommandLog log) {
        return switch (spec.kind()) {
            case "clang" -> ClangToolchain.detect(spec, scratch, log);
            case "gcc" -> GccToolchain.detect(spec, scratch, log);
            case "cargo" -> CargoToolchain.detect(spec, cargo, scratch, log);
            case "go" -> GoToolchain.detect(spec, log);
            case "jvm" -> JvmToolchain.detect(spec, log);
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
