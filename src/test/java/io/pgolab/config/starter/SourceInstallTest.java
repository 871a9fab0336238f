package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** --install: release, or source=URL@COMMIT checked before it reaches the workflow; the steps it writes. */
class SourceInstallTest {
    static final String C = "0123456789abcdef0123456789abcdef01234567";

    @Test
    void releaseOrNothingIsTheCompositeAction() {
        assertThat(SourceInstall.parse(null)).isEmpty();
        assertThat(SourceInstall.parse("release")).isEmpty();
    }

    @Test
    void aUrlAndAFullCommitAreTaken() {
        assertThat(SourceInstall.parse("source=https://git.example.org/a/pgolab.git@" + C.toUpperCase()))
                .contains(new SourceInstall("https://git.example.org/a/pgolab.git", C));
        assertThat(SourceInstall.parse("source=file:///srv/git/pgolab@" + C)).map(SourceInstall::url).contains("file:///srv/git/pgolab");
    }

    @Test
    void anythingElseIsRefusedWithTheForm() {
        for (String bad : List.of("source=https://h/p.git@main", "source=https://h/p.git@" + C.substring(1), "source=" + C,
                "source=ssh://h/p.git@" + C, "source=http://h/p.git@" + C, "source=https://h/p'x.git@" + C,
                "source=https://h/$(id).git@" + C, "source=https://h/p\n.git@" + C, "source=https://h/ p@" + C,
                "source=https://h/${{ github.token }}@" + C, "src=https://h/p@" + C, "")) {
            assertThatThrownBy(() -> SourceInstall.parse(bad)).as(bad).isInstanceOf(UserError.class)
                    .hasMessageNotContaining("\n").satisfies(e -> assertThat(((UserError) e).hint()).contains("source=URL@COMMIT"));
        }
    }

    @Test
    void theWorkflowBuildsFromSourceInEveryJobAndNamesNoAction() {
        String w = GithubWorkflow.render("pgolab.toml", List.of("pgo"), GithubWorkflow.DEFAULT_RUNNERS, "main", "0.2.0",
                new GithubWorkflow.Action("OWNER/pgolab", "0.2.0", true), SourceInstall.parse("source=https://h/p.git@" + C));
        assertThat(w).contains("  PGOLAB_SOURCE_URL: 'https://h/p.git'\n", "  PGOLAB_SOURCE_COMMIT: '" + C + "'\n")
                .doesNotContain("uses: OWNER/pgolab", "@@", "PGOLAB_JAR_URL", "composite action:");
        assertThat(w.split("key: pgolab-source-" + C, -1)).hasSize(4);   // release, gate and report
        assertThat(w.split("- name: Install pgolab\n        run: \\|", -1)).hasSize(4);
        assertThat(GithubWorkflow.render("pgolab.toml", List.of("pgo"), GithubWorkflow.DEFAULT_RUNNERS, "main", "0.2.0",
                new GithubWorkflow.Action("OWNER/pgolab", "0.2.0", true), Optional.empty())).contains("uses: OWNER/pgolab@v0.2.0")
                .doesNotContain("PGOLAB_SOURCE");
    }
}
