package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.config.GithubWorkflow;
import io.pgolab.config.StarterConfig;
import io.pgolab.config.StoreIgnore;
import io.pgolab.toolchain.Toolchains;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Option;

@Command(name = "init", mixinStandardHelpOptions = true,
        description = {"Write a commented starter pgolab.toml for this directory, and add .pgolab/ (pgolab's store)"
                + " to its .gitignore unless git ignores it already.",
                "Looks at go.mod, Cargo.toml, Makefile / CMakeLists.txt and at the compilers installed.",
                "With --ci github: write .github/workflows/pgolab.yml for the existing config instead.",
                "It builds releases with a cached profile and gates every pull request on each runner (docs/ci.md)."})
final class InitCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Option(names = "--force", description = "Overwrite an existing config (with --ci: an existing workflow).")
    boolean force;

    @Option(names = "--toolchain", paramLabel = "clang|gcc|go|cargo", description = "Toolchain to write (default: go for a directory with go.mod, cargo beside a Cargo.toml; else clang when a clang with its llvm-profdata is installed, else gcc).")
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

    @Override
    public Integer call() {
        if (ci != null) {
            return writeWorkflow();
        }
        if (runners != null || action != null) {
            String option = runners != null ? "--runner" : "--action";
            throw new UserError(option + " belongs to --ci", "write pgolab init --ci github " + option
                    + (runners != null ? " LABEL=RUNNER" : " OWNER/NAME"));
        }
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
        ignoreStore(file);
        return 0;
    }

    private int writeWorkflow() {
        if (!ci.equals("github")) {
            throw new UserError("unknown --ci '" + ci + "'", "use --ci github (GitHub Actions)");
        }
        Path config = parent.global.configFile();
        if (!Files.isRegularFile(config)) {
            throw new UserError("no config at " + config, "run 'pgolab init' first: the workflow is written for an existing config");
        }
        Config loaded = ConfigLoader.load(config);
        Path root = GithubWorkflow.repositoryRoot(config.getParent()).orElseThrow(() -> new UserError(
                "no git repository at or above " + config.getParent(),
                "run 'git init' (the workflow goes to .github/workflows/ at the repository's root)"));
        Path file = root.resolve(GithubWorkflow.PATH);
        if (Files.exists(file) && !force) {
            throw new UserError(file + " already exists", "pass --force to overwrite it (your edits to it are lost)");
        }
        List<GithubWorkflow.Runner> hosts = runners == null ? GithubWorkflow.DEFAULT_RUNNERS
                : GithubWorkflow.Runner.parseAll(runners);
        List<String> variants = GithubWorkflow.releaseVariants(loaded);
        String branch = GithubWorkflow.defaultBranch(root);
        GithubWorkflow.Action install = GithubWorkflow.Action.of(java.util.Optional.ofNullable(action), io.pgolab.Version.build());
        String text = GithubWorkflow.render(GithubWorkflow.slashes(root.relativize(config)), variants, hosts,
                branch, Main.version(), install);
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        System.out.println("wrote " + file + ": release builds " + String.join(", ", variants) + " on pushes to " + branch
                + "; the gate runs on " + hosts.stream().map(Object::toString).reduce((a, b) -> a + " and " + b).orElse(""));
        boolean ignored = ignoreStore(config);
        if (install.placeholder()) {
            System.err.println("warning: the steps \"Install pgolab\" say uses: " + install.uses() + ": this pgolab does not know"
                    + " the repository it was released from; replace OWNER with the owner of the pgolab repository"
                    + " that publishes release v" + install.release() + " (or run init again with --action OWNER/pgolab)");
        }
        System.out.println("next: the steps \"Install pgolab\" install pgolab " + install.release() + " with " + install.uses()
                + "; commit the file" + (ignored ? "s" : "") + " (docs/ci.md)");
        return 0;
    }

    /**
     * Keeps the store beside config (.pgolab/) out of git, and says what it did; true when it changed a file.
     * A .gitignore it cannot write is a warning: the config (or workflow) is written and valid without it.
     */
    private static boolean ignoreStore(Path config) {
        StoreIgnore.Result r = StoreIgnore.ensure(config.toAbsolutePath().getParent());
        r.message().ifPresent(m -> (r.warning() ? System.err : System.out).println(m));
        return r.changed();
    }
}
