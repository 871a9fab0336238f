package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.pipeline.ArtifactStore;
import io.pgolab.pipeline.ProjectLock;
import io.pgolab.pipeline.Worktrees;
import io.pgolab.util.CommandLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The two commits of a gate, each checked out in its worktree with its own config loaded, and what the reader should
 * know about them (uncommitted changes not gated, an A/A run, [[bench]] entries that differ).
 *
 * @param configPath the config file's path in the repository
 */
record GateSides(Worktrees.Commit base, Worktrees.Commit candidate, Config baseConfig, Config candidateConfig,
                 String configPath, List<String> notes) {

    static GateSides prepare(Path configFile, String baseRef, String candidateRef, CommandLog log) {
        Worktrees git = Worktrees.of(configFile.getParent(), log);
        Worktrees.Commit baseCommit = git.resolve(baseRef);
        Worktrees.Commit candCommit = git.resolve(candidateRef);
        List<String> notes = new ArrayList<>();
        if (candidateRef.equals("HEAD") && git.dirty()) {
            notes.add("the working tree has uncommitted changes; the candidate is HEAD as committed ("
                    + candCommit.shortSha() + ")");
        }
        if (baseCommit.sha().equals(candCommit.sha())) {
            notes.add("base and candidate are the same commit: an A/A run, which shows this machine's noise");
        }
        Path rel = relative(git.top(), configFile);
        ArtifactStore mainStore = ArtifactStore.forConfig(configFile);
        Path worktrees = mainStore.root().resolve("gate");
        Config baseConfig;
        Config candConfig;
        // the main checkout's lock while the worktrees are made: two gates at once take turns
        try (ProjectLock lock = ProjectLock.acquire(mainStore.lockFile())) {
            baseConfig = config(git.checkout(baseCommit, worktrees).resolve(rel), baseCommit, "base");
            candConfig = config(git.checkout(candCommit, worktrees).resolve(rel), candCommit, "candidate");
        }
        if (!sameBench(baseConfig, candConfig)) {
            notes.add("the [[bench]] workloads differ between the commits; both are measured with the candidate's");
        }
        return new GateSides(baseCommit, candCommit, baseConfig, candConfig, rel.toString(), List.copyOf(notes));
    }

    /** The config file's path inside the repository (the same in both worktrees). */
    private static Path relative(Path top, Path configFile) {
        Path realTop = top.toAbsolutePath().normalize();
        Path file = configFile.toAbsolutePath().normalize();
        try {
            realTop = top.toRealPath();
            file = configFile.getParent().toRealPath().resolve(configFile.getFileName());
        } catch (java.io.IOException e) {
            // a missing config is reported by ConfigLoader with its own message
        }
        if (!file.startsWith(realTop)) {
            throw new UserError(configFile + " is outside the git repository " + top,
                    "a gate checks out commits of the repository that holds the config; run it from the repository");
        }
        return realTop.relativize(file);
    }

    private static Config config(Path file, Worktrees.Commit c, String side) {
        if (!Files.isRegularFile(file)) {
            throw new UserError("the " + side + " commit " + io.pgolab.util.Text.visible(c.ref()) + " (" + c.shortSha() + ") has no " + file.getFileName()
                    + " at " + file, "a gate builds both commits from their own config: commit the config on the base"
                    + " branch first, or gate against a later base");
        }
        Config config = ConfigLoader.load(file);
        Path tree = file.getParent();
        while (tree != null && !Files.exists(tree.resolve(".git"))) {
            tree = tree.getParent();
        }
        if (tree != null && !config.root().normalize().startsWith(tree)) {
            // both commits would build the same sources outside the repository: the gate would compare nothing
            throw new UserError("project.root of the " + side + " commit's config is " + config.root()
                    + ", outside the repository", "a gate builds what each commit holds: point root at a directory"
                    + " of the repository (relative to the config file)");
        }
        return config;
    }

    private static boolean sameBench(Config a, Config b) {
        return a.bench().stream().map(w -> w.name() + "\n" + w.command() + "\n" + w.env()).toList()
                .equals(b.bench().stream().map(w -> w.name() + "\n" + w.command() + "\n" + w.env()).toList());
    }
}
