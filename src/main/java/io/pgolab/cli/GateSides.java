package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.bench.SamePrograms;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.store.ProjectLock;
import io.pgolab.store.Worktrees;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The two commits of a gate, each checked out in its worktree with its own config loaded, and what the reader should
 * know about them (uncommitted changes not gated, an A/A run, [[bench]] entries that differ).
 *
 * @param configPath the config file's path in the repository
 */
record GateSides(Worktrees.Commit base, Worktrees.Commit candidate, Config baseConfig, Config candidateConfig,
                 String configPath, List<String> notes, boolean baseConfigBorrowed, Worktrees git, Path baseTree,
                 Path candidateTree) {

    /** early: where a note the user should read before the gate runs goes at once (it is in the results too). */
    static GateSides prepare(Path configFile, String baseRef, String candidateRef, CommandLog log,
                             Consumer<String> early) {
        Worktrees git = Worktrees.of(configFile.getParent(), log);
        Worktrees.Commit baseCommit = git.resolve(baseRef);
        Worktrees.Commit candCommit = git.resolve(candidateRef);
        List<String> notes = new ArrayList<>();
        if (candidateRef.equals("HEAD") && git.dirty()) {
            notes.add("the working tree has uncommitted changes; the candidate is HEAD as committed ("
                    + candCommit.shortSha() + ")");
            // said now, not after a gate of many minutes that measured something else than the user's edits
            early.accept(notes.get(0));
        }
        if (baseCommit.sha().equals(candCommit.sha())) {
            notes.add("base and candidate are the same commit: an A/A run, which shows this machine's noise");
        }
        Path rel = relative(git.top(), configFile);
        ArtifactStore mainStore = ArtifactStore.forConfig(configFile);
        Path worktrees = mainStore.root().resolve("gate");
        Config baseConfig;
        Config candConfig;
        Path baseTree;
        Path candTree;
        // a base without the config (the pull request that adds pgolab): gated with the candidate's config
        boolean borrowed = !git.holds(baseCommit, rel) && git.holds(candCommit, rel);
        // the main checkout's lock while the worktrees are made: two gates at once take turns
        try (ProjectLock lock = ProjectLock.acquire(mainStore.lockFile())) {
            baseTree = git.checkout(baseCommit, worktrees);
            candTree = git.checkout(candCommit, worktrees);
            Path baseFile = baseTree.resolve(rel);
            Path candFile = candTree.resolve(rel);
            if (borrowed) {
                BorrowedConfig.copy(candFile, baseFile, baseCommit);
                notes.add("the base commit " + Text.visible(baseCommit.ref()) + " (" + baseCommit.shortSha()
                        + ") has no " + rel + ": it is built from its own sources with the candidate's config");
                early.accept(notes.get(notes.size() - 1));
            }
            // the candidate's first: when neither commit has the config, committing it is the fix
            // {checkout}: the user's checkout, where data the worktrees do not hold (untracked) can be
            Path checkout = configFile.toAbsolutePath().normalize().getParent();
            candConfig = config(candFile, candCommit, "candidate").withCheckout(checkout);
            baseConfig = config(baseFile, baseCommit, "base").withCheckout(checkout);
            Path relDir = rel.getParent() == null ? Path.of("") : rel.getParent();
            git.prune(worktrees, candConfig.gate().worktrees(), new HashSet<>(List.of(baseTree, candTree)),
                    busy(relDir));
        }
        if (!sameBench(baseConfig, candConfig)) {
            notes.add("the [[bench]] workloads differ between the commits; both are measured with the candidate's");
        }
        return new GateSides(baseCommit, candCommit, baseConfig, candConfig, rel.toString(), List.copyOf(notes), borrowed,
                git, baseTree, candTree);
    }

    /**
     * Whether both commits built the same programs (SamePrograms), from their builds, checkouts and git's diff; a
     * reason to measure anyway goes into notes. measureAnyway (--measure-same): the answer is a note, and they differ.
     */
    SamePrograms.Outcome same(boolean measureAnyway, List<String> variants, List<BuiltArtifact> baseBuilt,
                              ArtifactStore baseStore, List<BuiltArtifact> candBuilt, ArtifactStore candStore,
                              List<String> notes) {
        Optional<List<String>> changed = git.changedFiles(base, candidate).map(files -> files.stream()
                .filter(this::read).map(f -> fromRoot(f, candidateTree, candidateConfig.root())).toList());
        SamePrograms.Outcome o = SamePrograms.check(variants, side(baseBuilt, baseStore, baseTree),
                side(candBuilt, candStore, candidateTree), changed);
        if (measureAnyway && o.same()) {
            notes.add(o.text() + ": measured anyway (--measure-same)");
            return SamePrograms.Outcome.differ();
        }
        if (!o.same() && !o.text().isEmpty()) {
            notes.add(o.text());
        }
        return o;
    }

    /**
     * Whether a workload could read a file that differs between the commits (a path from the repository's top): not
     * git's and GitHub's own files (.gitignore, .github/), nor the config when the base borrowed the candidate's
     * (both were built with the same one). The pull request that adds pgolab changes only those.
     */
    private boolean read(String fromTop) {
        String name = fromTop.substring(fromTop.lastIndexOf('/') + 1);
        return !(fromTop.startsWith(".github/") || name.equals(".gitignore")
                || (baseConfigBorrowed && fromTop.equals(configPath)));
    }

    private SamePrograms.Side side(List<BuiltArtifact> built, ArtifactStore store, Path tree) {
        String storeDir = tree.toAbsolutePath().normalize().relativize(store.root().toAbsolutePath().normalize()).toString();
        Optional<List<String>> untracked = git.untracked(tree).map(files -> files.stream()
                .filter(f -> !(f.equals(storeDir) || f.equals(storeDir + "/") || f.startsWith(storeDir + "/")))
                .filter(f -> !(baseConfigBorrowed && f.equals(configPath))).toList());
        return new SamePrograms.Side(built, store, tree, untracked);
    }

    /** A path relative to the repository's top, as a path relative to the project root ("../..." when outside it). */
    private static String fromRoot(String fromTop, Path tree, Path root) {
        Path top = tree.toAbsolutePath().normalize();
        return top.resolve(root.toAbsolutePath().normalize()).relativize(top.resolve(fromTop)).toString();
    }

    /**
     * pgolab gate --prune: every gate worktree of the repository that holds configFile removed (but one a running
     * pgolab uses), and git's records of them; returns what it says.
     */
    static String pruneAll(Path configFile, CommandLog log) {
        Worktrees git = Worktrees.of(configFile.getParent(), log);
        Path rel = relative(git.top(), configFile);
        Path relDir = rel.getParent() == null ? Path.of("") : rel.getParent();
        Path worktrees = ArtifactStore.forConfig(configFile).root().resolve("gate");
        if (!Files.isDirectory(worktrees)) {
            git.prune(worktrees, 0, Set.of(), busy(relDir)); // git's records only: no .pgolab/ made for this
            return "no gate worktrees in " + worktrees + "; git worktree prune ran";
        }
        try (ProjectLock lock = ProjectLock.acquire(ArtifactStore.forConfig(configFile).lockFile())) {
            List<Path> removed = git.prune(worktrees, 0, Set.of(), busy(relDir));
            return "removed " + removed.size() + " gate worktree" + (removed.size() == 1 ? "" : "s") + " from "
                    + worktrees + (removed.isEmpty() ? "" : ": " + String.join(", ", removed.stream()
                    .map(p -> p.getFileName().toString()).toList())) + "; git worktree prune ran";
        }
    }

    /** A worktree whose store a pgolab holds (a gate building in it). */
    private static Predicate<Path> busy(Path relDir) {
        return wt -> ProjectLock.held(ArtifactStore.forConfig(wt.resolve(relDir).resolve("pgolab.toml")).lockFile());
    }

    /** The config file's path inside the repository (the same in both worktrees). */
    private static Path relative(Path top, Path configFile) {
        Path realTop = top.toAbsolutePath().normalize();
        Path file = configFile.toAbsolutePath().normalize();
        try {
            realTop = top.toRealPath();
            file = configFile.getParent().toRealPath().resolve(configFile.getFileName());
        } catch (IOException e) {
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
            throw new UserError("the " + side + " commit " + Text.visible(c.ref()) + " (" + c.shortSha() + ") has no " + file.getFileName()
                    + " at " + file, side.equals("candidate") ? "a gate builds commits, not the working tree: commit"
                    + " the config (git add " + file.getFileName() + " && git commit), or pass --candidate"
                    : "a gate builds both commits from their own config: commit the config on the base branch first,"
                    + " or gate against a later base");
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
