package io.pgolab.pipeline;

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

    private static void git(Path dir, String... args) {
        List<String> argv = new ArrayList<>(List.of("git", "-C", dir.toString()));
        argv.addAll(List.of(args));
        Exec.Result r = Exec.capture(null, null, Map.of("GIT_AUTHOR_NAME", "t", "GIT_AUTHOR_EMAIL", "t@example.org",
                "GIT_COMMITTER_NAME", "t", "GIT_COMMITTER_EMAIL", "t@example.org"), argv, 60);
        assertThat(r.exitCode()).as(String.join(" ", argv) + "\n" + r.output()).isZero();
    }
}
