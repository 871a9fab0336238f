package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.Version;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.config.starter.GithubWorkflow;
import io.pgolab.config.starter.SourceInstall;
import io.pgolab.util.UserFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** pgolab init --ci github: the workflow for an existing config, at the git repository's root (docs/ci.md). */
final class InitWorkflow {
    private InitWorkflow() {
    }

    static int write(Path config, String ci, List<String> runners, String action, String installValue, boolean force) {
        if (!ci.equals("github")) {
            throw new UserError("unknown --ci '" + ci + "'", "use --ci github (GitHub Actions)");
        }
        Optional<SourceInstall> source = SourceInstall.parse(installValue);   // refused before anything is read
        if (source.isPresent() && action != null) {
            throw new UserError("--action and --install source=... exclude each other: a workflow that builds pgolab from"
                    + " source uses no composite action", "drop --action, or use --install release");
        }
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
        GithubWorkflow.Action install = GithubWorkflow.Action.of(Optional.ofNullable(action), Version.build());
        String text = GithubWorkflow.render(GithubWorkflow.slashes(root.relativize(config)), variants, hosts,
                branch, Main.version(), install, source);
        UserFile.write(file, text);   // whole, directories made; never into a FIFO, socket or device
        System.out.println("wrote " + file + ": release builds " + String.join(", ", variants) + " on pushes to " + branch
                + "; the gate runs on " + hosts.stream().map(Object::toString).reduce((a, b) -> a + " and " + b).orElse(""));
        boolean ignored = InitCommand.ignoreStore(config);
        if (source.isPresent()) {
            System.out.println("next: the steps \"Install pgolab\" build pgolab from " + source.get().url() + " at "
                    + source.get().commit() + " once (then the Actions cache keeps it); commit the file"
                    + (ignored ? "s" : "") + " (docs/ci.md, \"Before the first release\")");
            return 0;
        }
        if (install.placeholder()) {
            System.err.println("warning: the steps \"Install pgolab\" say uses: " + install.uses() + ": this pgolab does not know"
                    + " the repository it was released from; replace OWNER with the owner of the pgolab repository"
                    + " that publishes release v" + install.release() + " (or run init again with --action OWNER/pgolab)");
        }
        System.out.println("next: the steps \"Install pgolab\" install pgolab " + install.release() + " with " + install.uses()
                + "; commit the file" + (ignored ? "s" : "") + " (docs/ci.md)");
        return 0;
    }
}
