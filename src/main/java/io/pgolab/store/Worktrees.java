package io.pgolab.store;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Dirs;
import io.pgolab.util.Shell;
import io.pgolab.util.Text;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The commits a gate compares, each checked out in its own git worktree under .pgolab/gate/SHA12/. A worktree
 * stays after the gate, with its own .pgolab/ store, so the next gate against the same base reuses its builds and
 * profile; one that is not exactly the commit any more (edited, half created by an interrupted gate) is made again.
 */
public final class Worktrees {
    /** A commit as asked for (ref) and as resolved (the full SHA-1). */
    public record Commit(String ref, String sha) {
        public String shortSha() {
            return sha.substring(0, Math.min(12, sha.length()));
        }
    }

    private final Path top;
    private final CommandLog log;

    private Worktrees(Path top, CommandLog log) {
        this.top = top;
        this.log = log;
    }

    /** The repository that holds dir; not one is a user error. */
    public static Worktrees of(Path dir, CommandLog log) {
        Exec.Result r = git(null, dir, "rev-parse", "--show-toplevel");
        if (!r.ok()) {
            throw new UserError("pgolab gate compares two git commits, but " + dir + " is not in a git repository",
                    r.exitCode() == 127 ? "install git (apt-get install -y git)" : "run it in a clone of the project");
        }
        return new Worktrees(Path.of(r.output().strip()), log);
    }

    public Path top() {
        return top;
    }

    /** The commit ref names; an unknown one is a user error that says how to get it. */
    public Commit resolve(String ref) {
        if (ref.isBlank() || ref.startsWith("-")) {
            throw new UserError("'" + Text.visible(ref) + "' is not a commit", "give a branch, tag or SHA, e.g. --base origin/main");
        }
        Exec.Result r = git(log, top, "rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}");
        String sha = r.output().strip();
        if (!r.ok() || !sha.matches("[0-9a-f]{40,64}")) {
            String kind = objectType(ref);
            if (!kind.isEmpty()) {
                throw new UserError("'" + Text.visible(ref) + "' names a " + kind + ", not a commit",
                        "a gate builds commits: give a branch, tag or commit SHA, e.g. --base origin/main");
            }
            String remote = remoteOf(ref).orElse("origin");
            throw new UserError("there is no commit '" + Text.visible(ref) + "' in " + top,
                    fetchHint(ref, remotes(), defaultBranch(remote)));
        }
        return new Commit(ref, sha);
    }

    /** The remote a ref such as origin/main names (when such a remote is configured). */
    private Optional<String> remoteOf(String ref) {
        int slash = ref.indexOf('/');
        return slash > 0 && remotes().contains(ref.substring(0, slash)) ? Optional.of(ref.substring(0, slash))
                : Optional.empty();
    }

    private List<String> remotes() {
        Exec.Result r = git(log, top, "remote");
        return r.ok() ? r.output().lines().map(String::strip).filter(l -> !l.isEmpty()).toList() : List.of();
    }

    /**
     * The remote's default branch as REMOTE/BRANCH: refs/remotes/REMOTE/HEAD as the clone recorded it, else the
     * remote's own HEAD (git ls-remote --symref, which may ask the network: a short timeout, and nothing on failure).
     */
    Optional<String> defaultBranch(String remote) {
        if (!remotes().contains(remote)) {
            return Optional.empty();
        }
        Exec.Result local = git(log, top, "symbolic-ref", "--quiet", "--short", "refs/remotes/" + remote + "/HEAD");
        if (local.ok() && local.output().strip().startsWith(remote + "/")) {
            return Optional.of(local.output().strip());
        }
        try {
            Exec.Result r = Exec.run(log, Exec.Request.of(List.of("git", "-C", top.toString(), "ls-remote", "--symref",
                    "--end-of-options", remote, "HEAD")).in(null, Map.of("GIT_TERMINAL_PROMPT", "0", "GIT_PAGER", "cat"))
                    .timeout(Duration.ofSeconds(20), "git ls-remote hung"));
            return r.ok() ? r.output().lines().filter(l -> l.startsWith("ref: refs/heads/") && l.endsWith("\tHEAD"))
                    .map(l -> remote + "/" + l.substring("ref: refs/heads/".length(), l.length() - "\tHEAD".length()))
                    .findFirst() : Optional.empty();
        } catch (UserError e) {
            return Optional.empty(); // only a hint is lost
        }
    }

    /**
     * How to get a missing commit. The ref is the user's text: a command is printed only for a plain branch, tag or
     * SHA (which a shell takes as one word, and which git can fetch); a revision expression or anything odd gets
     * words, never a command to paste.
     */
    static String fetchHint(String ref) {
        return fetchHint(ref, List.of(), Optional.empty());
    }

    /**
     * The hint with what git knows of the remotes: REMOTE/BRANCH is fetched as git fetch REMOTE BRANCH, and when the
     * remote's default branch (defaultBranch, as REMOTE/BRANCH) is another one, it is named: a repository whose
     * default branch is dev has no origin/main to fetch.
     */
    static String fetchHint(String ref, List<String> remotes, Optional<String> defaultBranch) {
        String ci = "in CI, check out with the whole history (actions/checkout with fetch-depth: 0)";
        String other = defaultBranch.filter(d -> !d.equals(ref) && plainRef(d))
                .map(d -> d.substring(0, d.indexOf('/')) + "'s default branch is " + d.substring(d.indexOf('/') + 1)
                        + ": did you mean --base " + d + "? Else ").orElse("");
        if (plainRef(ref)) {
            int slash = ref.indexOf('/');
            boolean remoteBranch = slash > 0 && remotes.contains(ref.substring(0, slash));
            String remote = remoteBranch ? ref.substring(0, slash) : "origin";
            String name = remoteBranch ? ref.substring(slash + 1) : ref;
            return other + "fetch it first (git fetch " + Shell.quote(remote) + " "
                    + Shell.quote(name) + "); " + ci;
        }
        return other + "fetch the branch or commit it is on first (git fetch origin, with that branch's name); " + ci;
    }

    /** A branch, tag or SHA as git check-ref-format allows it, without revision syntax (~ ^ : @{ ..) or shell words. */
    static boolean plainRef(String ref) {
        return ref.matches("[A-Za-z0-9_][A-Za-z0-9._/+-]*") && !ref.contains("..") && !ref.contains("//")
                && !ref.endsWith(".lock") && !ref.endsWith("/") && !ref.endsWith(".");
    }

    /** "tree" or "blob" when ref names (or is a tag of) an object that is not a commit, else "". */
    private String objectType(String ref) {
        String sha = sha(ref);
        String type = sha.isEmpty() ? "" : git(log, top, "cat-file", "-t", sha).output().strip();
        if (type.equals("tag")) {
            sha = sha(sha + "^{}");
            type = sha.isEmpty() ? "" : git(log, top, "cat-file", "-t", sha).output().strip();
        }
        return type.matches("tree|blob") ? type : "";
    }

    private String sha(String rev) {
        Exec.Result r = git(log, top, "rev-parse", "--verify", "--quiet", "--end-of-options", rev);
        String sha = r.output().strip();
        return r.ok() && sha.matches("[0-9a-f]{40,64}") ? sha : "";
    }

    /** Whether the working tree has changes that are not committed (a gate measures commits, not them). */
    public boolean dirty() {
        return !git(log, top, "status", "--porcelain", "--untracked-files=no").output().isBlank();
    }

    /** Whether the commit holds the file at rel (a path in the repository), committed, whatever its worktree holds. */
    public boolean holds(Commit c, Path rel) {
        return git(log, top, "cat-file", "-e", "--end-of-options", c.sha() + ":" + rel).ok();
    }

    /**
     * The paths (relative to the repository's top) that differ between the two commits' trees, renames as a removal and
     * an addition; empty when git cannot say.
     */
    public Optional<List<String>> changedFiles(Commit base, Commit candidate) {
        Exec.Result r = git(log, top, "diff", "--name-only", "-z", "--no-renames", "--no-ext-diff", base.sha(),
                candidate.sha(), "--");
        return r.ok() ? Optional.of(nulSeparated(r.output())) : Optional.empty();
    }

    /**
     * The files a checkout holds that its commit does not (untracked or ignored, e.g. what a build wrote into the
     * tree), relative to the checkout's top; empty when git cannot say.
     */
    public Optional<List<String>> untracked(Path checkout) {
        Exec.Result r = git(log, checkout, "status", "--porcelain", "-z", "--ignored", "--untracked-files=all");
        if (!r.ok()) {
            return Optional.empty();
        }
        List<String> out = new ArrayList<>();
        for (String entry : nulSeparated(r.output())) {
            if (entry.length() > 3) {
                out.add(entry.substring(3)); // "?? path" or "!! path"; a tracked change shows too, as a changed file
            }
        }
        return Optional.of(out);
    }

    private static List<String> nulSeparated(String s) {
        return Arrays.stream(s.split("\0")).filter(x -> !x.isBlank()).toList();
    }

    /** How many commits base..candidate holds (-1 when git cannot say). */
    public int distance(Commit base, Commit candidate) {
        Exec.Result r = git(log, top, "rev-list", "--count", base.sha() + ".." + candidate.sha());
        try {
            return r.ok() ? Integer.parseInt(r.output().strip()) : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The commit checked out, exactly, in parent/SHA12 (made, or made again when it is not intact), marked used now. */
    public Path checkout(Commit c, Path parent) {
        Path dir = made(c, parent);
        try {
            // the LRU order of prune(): a worktree's own mtime, set at every use (its builds write below it)
            Files.setLastModifiedTime(dir, FileTime.from(Instant.now()));
        } catch (IOException e) {
            // only the pruning order suffers
        }
        return dir;
    }

    /**
     * Removes the worktrees under parent beyond the keep most recently used, never one in inUse nor one whose store a
     * pgolab holds (busy: another gate may be building in it); then git forgets them (git worktree prune).
     *
     * @return the directories removed
     */
    public List<Path> prune(Path parent, int keep, Set<Path> inUse, Predicate<Path> busy) {
        List<Path> all = gateWorktrees(parent);
        all.sort(Comparator.comparing(Worktrees::lastUsed).reversed());
        List<Path> removed = new ArrayList<>();
        int kept = 0;
        for (Path dir : all) {
            boolean used = inUse.stream().anyMatch(u -> u.toAbsolutePath().normalize().equals(dir.toAbsolutePath().normalize()));
            if (used || kept < keep || busy.test(dir)) {
                kept += used || kept < keep ? 1 : 0;
                continue;
            }
            remove(dir);
            removed.add(dir);
        }
        // also forgets worktrees deleted behind git's back (rm -rf .pgolab), which git worktree list would still show
        git(log, top, "worktree", "prune");
        return removed;
    }

    /** The SHA12 worktree directories a gate made under parent (nothing else there is touched). */
    static List<Path> gateWorktrees(Path parent) {
        if (!Files.isDirectory(parent, LinkOption.NOFOLLOW_LINKS)) {
            return new ArrayList<>();
        }
        try (Stream<Path> s = Files.list(parent)) {
            return s.filter(p -> p.getFileName().toString().matches("[0-9a-f]{12}")
                    && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS))
                    .collect(Collectors.toCollection(ArrayList::new));
        } catch (IOException e) {
            return new ArrayList<>();
        }
    }

    private static FileTime lastUsed(Path dir) {
        try {
            return Files.getLastModifiedTime(dir, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private void remove(Path dir) {
        git(log, top, "worktree", "remove", "--force", dir.toString());
        Dirs.deleteTree(dir);
    }

    private Path made(Commit c, Path parent) {
        Path dir = parent.resolve(c.shortSha());
        if (intact(dir, c)) {
            return dir;
        }
        if (Files.exists(dir)) {
            git(log, top, "worktree", "remove", "--force", dir.toString());
            Dirs.deleteTree(dir);
        }
        git(log, top, "worktree", "prune");
        Exec.Result r = git(log, top, "worktree", "add", "--force", "--detach", dir.toString(), c.sha());
        if (!r.ok() || !intact(dir, c)) {
            Dirs.deleteTree(dir);
            throw new UserError("cannot check out " + Text.visible(c.ref()) + " (" + c.shortSha() + ") in " + dir + ": "
                    + lastLines(r.output()), "check that git works here: git worktree add " + dir + " " + c.sha());
        }
        if (Files.exists(dir.resolve(".gitmodules"))) {
            // a worktree starts without its submodules; the commit's sources include them
            Exec.Result sub = git(log, dir, "submodule", "update", "--init", "--recursive");
            if (!sub.ok()) {
                git(log, top, "worktree", "remove", "--force", dir.toString());
                Dirs.deleteTree(dir);
                throw new UserError("cannot check out the submodules of " + Text.visible(c.ref()) + " (" + c.shortSha() + "): "
                        + lastLines(sub.output()), "check that 'git submodule update --init --recursive' works in "
                        + top + " (in CI: actions/checkout with submodules: recursive)");
            }
        }
        return dir;
    }

    /** dir is a worktree at exactly the commit, with no tracked file changed. */
    private boolean intact(Path dir, Commit c) {
        if (!Files.isDirectory(dir) || !Files.exists(dir.resolve(".git"))) {
            return false;
        }
        Exec.Result head = git(null, dir, "rev-parse", "HEAD");
        if (!head.ok() || !head.output().strip().equals(c.sha())) {
            return false;
        }
        Exec.Result st = git(null, dir, "status", "--porcelain", "--untracked-files=no");
        return st.ok() && st.output().isBlank();
    }

    private static String lastLines(String out) {
        String[] lines = out.strip().split("\n");
        return String.join("\n", Arrays.asList(lines).subList(Math.max(0, lines.length - 5), lines.length));
    }

    private static Exec.Result git(CommandLog log, Path dir, String... args) {
        List<String> argv = new ArrayList<>(List.of("git", "-C", dir.toString()));
        argv.addAll(List.of(args));
        // no pager, no prompts for credentials, no user config that changes output
        return Exec.run(log, Exec.Request.of(argv).in(null, Map.of("GIT_TERMINAL_PROMPT", "0", "GIT_PAGER", "cat"))
                .timeout(Duration.ofMinutes(5), "a git command hung; check the repository with git fsck"));
    }
}
