package io.pgolab.ci;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.cli.Cli;
import io.pgolab.process.Exec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 41's last bar: a real tree pgolab was never tuned on (lz4, fetched from Debian's source package by
 * examples/lz4/fetch.sh), its config written by 'pgolab init' and not edited, its workflow by 'pgolab init --ci github
 * --install source=URL@COMMIT' (no release of pgolab exists yet), and the workflow's release job run step by step
 * (LocalActions): pgolab built from this checkout's commit with Maven, then lz4's release and pgo built and uploaded.
 * Slow (a Maven build of pgolab and two lz4 builds): {@code PGOLAB_SLOW_EXAMPLES=1 CI=true mvn -B test
 * -Dtest=InitCorpusWorkflowIT}.
 */
@EnabledIfEnvironmentVariable(named = "PGOLAB_SLOW_EXAMPLES", matches = "1|true|yes",
        disabledReason = "builds pgolab with Maven inside the workflow, then lz4 twice: PGOLAB_SLOW_EXAMPLES=1 runs it")
class InitCorpusWorkflowIT {
    @TempDir
    Path tmp;

    @Test
    void lz4InitedUneditedReleasesThroughTheWorkflowThatBuildsPgolabFromSource() throws Exception {
        for (String tool : List.of("gcc", "make", "mvn", "git", "jq", "curl")) {
            Tool.require(LocalActions.onPath(tool), tool);
        }
        Path example = Path.of("examples/lz4").toAbsolutePath();
        Path repo = tmp.resolve("lz4");
        Exec.Result fetch = Exec.capture(null, example, Map.of(), List.of("bash", example.resolve("fetch.sh").toString(),
                repo.toString()), 600);
        assertThat(fetch.exitCode()).as(fetch.output()).isZero();
        Cli.Result init = Cli.run(repo, "init", "--no-check", "--toolchain", "gcc");
        assertThat(init.exitCode()).as(init.all()).isZero();
        assertThat(Files.readString(repo.resolve("pgolab.toml"))).contains("MOREFLAGS='{cflags}'")
                .contains("artifact = \"{srcdir}/programs/lz4\"");

        Process p = new ProcessBuilder("git", "rev-parse", "HEAD").directory(WorkflowFixture.PGOLAB_SOURCES.toFile()).start();
        String commit = new String(p.getInputStream().readAllBytes()).trim();
        assertThat(p.waitFor()).isZero();
        String url = WorkflowFixture.PGOLAB_SOURCES.toUri().toString().replaceAll("/$", "");
        WorkflowFixture f = WorkflowFixture.existing(tmp, repo, "lib/lz4.c", List.of("--install", "source=" + url + "@" + commit));
        // Maven as on a runner, offline first here (no network in this sandbox; the plugins are in the local repository)
        Path mvn = tmp.resolve("stub-bin/mvn");
        Files.writeString(mvn, "#!/bin/sh\nPATH=\"${PATH#*stub-bin:}\" mvn -o \"$@\" || PATH=\"${PATH#*stub-bin:}\" mvn \"$@\"\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));

        LocalActions.Job release = f.release();
        assertThat(release.success()).as(release.log()).isTrue();
        assertThat(release.step("Install pgolab").log()).contains("pgolab.jar built from " + url + " at " + commit);
        assertThat(f.actions.artifacts().resolve("pgolab-release-x86_64/pgo/lz4")).isExecutable();
    }
}
