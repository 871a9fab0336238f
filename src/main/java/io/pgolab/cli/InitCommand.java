package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.config.starter.StarterConfig;
import io.pgolab.config.starter.StoreIgnore;
import io.pgolab.toolchain.ToolchainKind;
import io.pgolab.toolchain.detect.Toolchains;
import io.pgolab.util.UserFile;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "init", mixinStandardHelpOptions = true,
        description = {"Write a commented starter pgolab.toml for this directory, and add .pgolab/ (pgolab's store)"
                + " to its .gitignore unless git ignores it already.",
                "Looks at go.mod, Cargo.toml, pom.xml, build.gradle, configure / configure.ac, meson.build, CMakeLists.txt, Makefile and at the"
                        + " compilers installed.",
                "With --ci github: write .github/workflows/pgolab.yml for the existing config instead.",
                "It builds releases with a cached profile and gates every pull request on each runner (docs/ci.md).",
                "With --check: build release once, run each workload once, and say 'ready' (exit 0) or what to"
                        + " change, line by line (exit 1); init checks by itself on a terminal for a small tree."})
final class InitCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Option(names = "--force", description = "Overwrite an existing config (with --ci: an existing workflow).")
    boolean force;

    @Option(names = "--toolchain", paramLabel = "clang|gcc|go|cargo|jvm", description = "Toolchain to write (default: go for a directory with go.mod, cargo beside a Cargo.toml, jvm beside a pom.xml or build.gradle; else clang when a clang with its llvm-profdata is installed, else gcc).")
    String toolchain;

    @Option(names = "--ci", paramLabel = "github", description = "Write a CI workflow for the existing config instead"
            + " of a config: 'github' writes .github/workflows/pgolab.yml at the git repository's root (docs/ci.md).")
    String ci;

    @Option(names = "--runner", paramLabel = "LABEL=RUNNER[,RUNNER...]", description = "With --ci: a host of the"
            + " gate's matrix, its label and the runner labels it runs on; repeat for each host (default:"
            + " x86_64=ubuntu-24.04 and arm64=ubuntu-24.04-arm, which the hosts given replace; self-hosted bare-metal"
            + " runners are recommended).")
    List<String> runners;

    @Option(names = "--action", paramLabel = "OWNER/NAME", description = "With --ci: the GitHub repository whose composite"
            + " action installs pgolab (uses: OWNER/NAME@v<this release>); default: the repository this pgolab was"
            + " released from, else the placeholder OWNER/pgolab (docs/ci.md).")
    String action;

    @Option(names = "--install", paramLabel = "release|source=URL@COMMIT", description = "With --ci: how the workflow"
            + " gets pgolab: release (default: the composite action at this release), or source=URL@COMMIT (built"
            + " from pgolab's git sources at that commit once, then cached: before any release exists; docs/ci.md).")
    String install;

    @Option(names = "--check", description = "Check the config by building release once and running each workload once;"
            + " with an existing config, check it (nothing is written); exit 0 when ready, 1 when not.")
    boolean check;

    @Option(names = "--no-check", description = "Write the config without checking it, even for a small tree.")
    boolean noCheck;

    @Override
    public Integer call() {
        if (ci != null) {
            return InitWorkflow.write(parent.global.configFile(), ci, runners, action, install, force);
        }
        if (runners != null || action != null || install != null) {
            String option = runners != null ? "--runner" : action != null ? "--action" : "--install";
            throw new UserError(option + " belongs to --ci", "write pgolab init --ci github " + option
                    + (runners != null ? " LABEL=RUNNER" : action != null ? " OWNER/NAME" : " source=URL@COMMIT"));
        }
        InitChecks.options(check, noCheck);
        Path dir = InitDir.of(parent.global.workDir());
        Path file = parent.global.configFile();
        if (check && !force && Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return InitChecks.run(file, false, parent.global) ? 0 : 1;   // an existing config: checked, not changed
        }
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !force) {
            throw new UserError(file + " already exists", "pass --force to overwrite it, or --check to check it");
        }
        String kind = toolchain != null ? toolchain
                : StarterConfig.kindOf(dir).orElseGet(Toolchains::defaultCKind);
        if (ToolchainKind.find(kind).isEmpty()) {
            throw new UserError("unknown --toolchain '" + kind + "'", "use --toolchain clang, gcc, go, cargo or jvm");
        }
        UserFile.special(file).ifPresent(k -> {
            throw new UserError(file + " is " + k + ", not a config file: init never opens one for writing",
                    "remove it (rm '" + file + "') and run pgolab init again, or pass --config FILE");
        });
        // whole or not at all, and never into a FIFO, socket or device (UserFile refuses them by name)
        UserFile.write(file, StarterConfig.checked(file, dir, kind));
        System.out.println("wrote " + file + " (" + kind + "); edit the lines marked CHANGE_ME, then run 'pgolab build'");
        ignoreStore(file);
        return InitChecks.afterInit(file, dir, check, noCheck, parent.global);
    }

    /**
     * Keeps the store beside config (.pgolab/) out of git, and says what it did; true when it changed a file.
     * A .gitignore it cannot write is a warning: the config (or workflow) is written and valid without it.
     */
    static boolean ignoreStore(Path config) {
        StoreIgnore.Result r = StoreIgnore.ensure(config.toAbsolutePath().getParent());
        r.message().ifPresent(m -> (r.warning() ? System.err : System.out).println(m));
        return r.changed();
    }
}
