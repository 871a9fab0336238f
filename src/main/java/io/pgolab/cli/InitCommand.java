package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.config.StarterConfig;
import io.pgolab.toolchain.Toolchains;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Option;

@Command(name = "init", mixinStandardHelpOptions = true,
        description = {"Write a commented starter pgolab.toml for this directory.",
                "Looks at go.mod, Cargo.toml, Makefile / CMakeLists.txt and at the compilers installed."})
final class InitCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Option(names = "--force", description = "Overwrite an existing config.")
    boolean force;

    @Option(names = "--toolchain", paramLabel = "clang|gcc|go|cargo", description = "Toolchain to write (default: go for a directory with go.mod, cargo beside a Cargo.toml; else clang when a clang with its llvm-profdata is installed, else gcc).")
    String toolchain;

    @Override
    public Integer call() {
        Path file = parent.global.configFile();
        if (Files.exists(file) && !force) {
            throw new UserError(file + " already exists", "pass --force to overwrite it");
        }
        String kind = toolchain != null ? toolchain
                : StarterConfig.kindOf(parent.global.workDir()).orElseGet(Toolchains::defaultCKind);
        if (!kind.equals("clang") && !kind.equals("gcc") && !kind.equals("go") && !kind.equals("cargo")) {
            throw new UserError("unknown --toolchain '" + kind + "'", "use --toolchain clang, gcc, go or cargo");
        }
        try {
            Files.writeString(file, StarterConfig.render(parent.global.workDir(), kind));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.out.println("wrote " + file + " (" + kind + "); edit the lines marked CHANGE_ME, then run 'pgolab build'");
        return 0;
    }
}
