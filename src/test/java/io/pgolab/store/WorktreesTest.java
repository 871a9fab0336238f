package io.pgolab.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.Tool;
import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The refs a gate is given: what a missing or non-commit ref says, and hints that never paste the ref raw into a shell. */
class WorktreesTest {
    @TempDir
    Path tmp;

    @Test
    void aHintPastesOnlyAPlainRefAndNeverAShellExpansion() {
        assertThat(Worktrees.fetchHint("release/1.2")).contains("git fetch origin release/1.2)");
        assertThat(Worktrees.fetchHint("0123abcd")).contains("git fetch origin 0123abcd)");
        for (String hostile : List.of("$(touch /tmp/pwned)", "`id`", "main;rm -rf ~", "a b", "HEAD~1", "x\u001b[2J",
                "-o", "a..b", "main'", "ref\nnext")) {
            String hint = Worktrees.fetchHint(hostile);
            assertThat(hint).as(hostile).doesNotContain(hostile).doesNotContain("git fetch origin " + hostile.charAt(0));
            assertThat(Worktrees.plainRef(hostile)).as(hostile).isFalse();
        }
    }

    @Test
    void aTreeIsNotACommitAndAMissingRefIsNotFetchedRaw() throws Exception {
        Tool.require(ToolLocator.onPath("git").isPresent(), "git");
        Path repo = tmp.resolve("repo");
        Files.createDirectories(repo);
        git(repo, "init", "-q");
        Files.writeString(repo.resolve("a.txt"), "one\n");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "one");
        Files.writeString(repo.resolve("a.txt"), "two\n");
        git(repo, "commit", "-q", "-am", "two");
        Worktrees w = Worktrees.of(repo, null);

        assertThat(w.resolve("HEAD~1").sha()).matches("[0-9a-f]{40}");
        assertThatThrownBy(() -> w.resolve("HEAD~1^{tree}")).isInstanceOf(UserError.class)
                .hasMessageContaining("'HEAD~1^{tree}' names a tree, not a commit")
                .hasMessageNotContaining("fetch");
        assertThatThrownBy(() -> w.resolve("HEAD:a.txt")).isInstanceOf(UserError.class)
                .hasMessageContaining("names a blob, not a commit");
        git(repo, "tag", "-a", "-m", "a tag of a tree", "treetag", "HEAD^{tree}");
        assertThatThrownBy(() -> w.resolve("treetag")).isInstanceOf(UserError.class)
                .hasMessageContaining("'treetag' names a tree, not a commit");

        Path marker = tmp.resolve("pwned");
        UserError e = (UserError) org.assertj.core.api.Assertions.catchThrowable(
                () -> w.resolve("$(touch " + marker + ")"));
        assertThat(e.getMessage()).contains("there is no commit");
        assertThat(e.hint()).doesNotContain("$(").contains("fetch-depth: 0");
        assertThat(marker).doesNotExist();
        UserError plain = (UserError) org.assertj.core.api.Assertions.catchThrowable(() -> w.resolve("no-such-branch"));
        assertThat(plain.hint()).contains("git fetch origin no-such-branch");
    }

    @Test
    void aRemoteBranchIsFetchedByItsNameAndTheRemotesDefaultBranchIsNamed() {
        String hint = Worktrees.fetchHint("origin/main", List.of("origin"), java.util.Optional.of("origin/dev"));
        assertThat(hint).contains("origin's default branch is dev", "--base origin/dev", "git fetch origin main)")
                .doesNotContain("git fetch origin origin/main");
        assertThat(Worktrees.fetchHint("origin/dev", List.of("origin"), java.util.Optional.of("origin/dev")))
                .doesNotContain("default branch").contains("git fetch origin dev)");
        // a default branch that is not a plain name is never pasted
        assertThat(Worktrees.fetchHint("origin/main", List.of("origin"), java.util.Optional.of("origin/$(id)")))
                .doesNotContain("$(id)");
    }

    @Test
    void aMissingOriginMainNamesTheDefaultBranchDevOfTheRemote() throws Exception {
        Tool.require(ToolLocator.onPath("git").isPresent(), "git");
        Path upstream = tmp.resolve("upstream");
        Files.createDirectories(upstream);
        git(upstream, "init", "-q", "-b", "dev");
        Files.writeString(upstream.resolve("a.txt"), "one\n");
        git(upstream, "add", "-A");
        git(upstream, "commit", "-q", "-m", "one");
        git(tmp, "clone", "-q", upstream.toString(), "clone");
        Path clone = tmp.resolve("clone");
        Worktrees w = Worktrees.of(clone, null);
        UserError cloned = (UserError) org.assertj.core.api.Assertions.catchThrowable(() -> w.resolve("origin/main"));
        assertThat(cloned.hint()).contains("origin's default branch is dev", "--base origin/dev", "git fetch origin main)");
        // without refs/remotes/origin/HEAD (a remote added by hand): asked of the remote itself
        git(clone, "remote", "set-head", "origin", "-d");
        UserError asked = (UserError) org.assertj.core.api.Assertions.catchThrowable(() -> w.resolve("origin/main"));
        assertThat(asked.hint()).contains("origin's default branch is dev", "--base origin/dev");
    }

    @Test
    void pruningKeepsTheMostRecentlyUsedAndThoseInUseAndGitForgetsTheRest() throws Exception {
        Tool.require(ToolLocator.onPath("git").isPresent(), "git");
        Path repo = tmp.resolve("repo");
        Files.createDirectories(repo);
        git(repo, "init", "-q");
        Worktrees w = Worktrees.of(repo, null);
        Path parent = repo.resolve(".pgolab/gate");
        List<Path> dirs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            Files.writeString(repo.resolve("a.txt"), i + "\n");
            git(repo, "add", "-A");
            git(repo, "commit", "-q", "-m", "c" + i);
            Path d = w.checkout(w.resolve("HEAD"), parent);
            // used in this order: d0 longest ago
            Files.setLastModifiedTime(d, java.nio.file.attribute.FileTime.fromMillis(1_000_000L * (i + 1)));
            dirs.add(d);
        }
        Files.createDirectories(parent.resolve("not-a-worktree"));
        assertThat(worktreeList(repo)).hasSize(6);
        // keep 3: d4, d3, d2 (the most recent); d0 is in use, d1 busy (another pgolab holds its store)
        List<Path> removed = w.prune(parent, 3, java.util.Set.of(dirs.get(0)), d -> d.equals(dirs.get(1)));
        assertThat(removed).isEmpty();
        removed = w.prune(parent, 3, java.util.Set.of(dirs.get(4)), d -> false);
        assertThat(removed).containsExactlyInAnyOrder(dirs.get(0), dirs.get(1));
        assertThat(dirs.get(0)).doesNotExist();
        assertThat(worktreeList(repo)).hasSize(4);
        // gate --prune: all of them, nothing else under .pgolab/gate/
        removed = w.prune(parent, 0, java.util.Set.of(), d -> false);
        assertThat(removed).hasSize(3);
        assertThat(worktreeList(repo)).hasSize(1);
        assertThat(parent.resolve("not-a-worktree")).isDirectory();
        // a worktree deleted behind git's back is forgotten too
        Path again = w.checkout(w.resolve("HEAD"), parent);
        io.pgolab.util.Dirs.deleteTree(again);
        w.prune(parent, 0, java.util.Set.of(), d -> false);
        assertThat(worktreeList(repo)).hasSize(1);
    }

    private static List<String> worktreeList(Path repo) {
        Exec.Result r = Exec.capture(null, null, Map.of(), List.of("git", "-C", repo.toString(), "worktree", "list"), 60);
        return r.output().lines().filter(l -> !l.isBlank()).toList();
    }

    private static void git(Path dir, String... args) {
        List<String> argv = new ArrayList<>(List.of("git", "-C", dir.toString()));
        argv.addAll(List.of(args));
        Exec.Result r = Exec.capture(null, null, Map.of("GIT_AUTHOR_NAME", "t", "GIT_AUTHOR_EMAIL", "t@example.org",
                "GIT_COMMITTER_NAME", "t", "GIT_COMMITTER_EMAIL", "t@example.org"), argv, 60);
        assertThat(r.exitCode()).as(String.join(" ", argv) + "\n" + r.output()).isZero();
    }
}
