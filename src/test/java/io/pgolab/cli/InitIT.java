package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InitIT {
    @TempDir
    Path tmp;

    @Test
    void makefileProjectGetsAValidStarterWithItsTarget() throws Exception {
        Files.writeString(tmp.resolve("Makefile"), "CC ?= cc\n\nmyapp: main.o util.o\n\t$(CC) -o $@ $^\n\nclean:\n\trm -f *.o myapp\n");
        Cli.Result r = Cli.run(tmp, "init");
        assertThat(r.exitCode()).as(r.all()).isZero();
        Config c = ConfigLoader.load(tmp.resolve("pgolab.toml"));
        assertThat(c.copySources()).isTrue();
        assertThat(c.build().artifact()).isEqualTo("{srcdir}/myapp");
        assertThat(c.build().command()).contains("make -C {srcdir}").contains("{cflags}");
        assertThat(Files.readString(tmp.resolve("pgolab.toml"))).contains("found a Makefile");

        Cli.Result again = Cli.run(tmp, "init");
        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.err()).contains("already exists").contains("--force");
    }

    /** The store is gitignored by init (created, or appended once), so a clean checkout is not git_dirty. */
    @Test
    void initKeepsTheStoreOutOfGitOnce() throws Exception {
        git(tmp, "init", "-q");
        Files.writeString(tmp.resolve("Makefile"), "app: main.o\n\t$(CC) -o $@ $^\n");
        Cli.Result r = Cli.run(tmp, "init");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("wrote " + tmp.resolve(".gitignore") + " with the line .pgolab/");
        assertThat(tmp.resolve(".gitignore")).hasContent(".pgolab/\n");
        Files.createDirectories(tmp.resolve(".pgolab/gate"));
        Files.writeString(tmp.resolve(".pgolab/gate/x"), "");
        assertThat(git(tmp, "status", "--porcelain")).doesNotContain(".pgolab");

        Cli.Result again = Cli.run(tmp, "init", "--force");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.all()).doesNotContain(".gitignore");
        assertThat(tmp.resolve(".gitignore")).hasContent(".pgolab/\n");

        Path other = Files.createDirectories(tmp.resolve("other"));
        git(other, "init", "-q");
        Files.writeString(other.resolve(".gitignore"), "build/");
        Files.writeString(other.resolve("Makefile"), "app: main.o\n\t$(CC) -o $@ $^\n");
        assertThat(Cli.run(other, "init").out()).contains("added the line .pgolab/ to " + other.resolve(".gitignore"));
        assertThat(other.resolve(".gitignore")).hasContent("build/\n.pgolab/\n");
        git(other, "commit", "-q", "--allow-empty", "-m", "x");
        Cli.Result ci = Cli.run(other, "init", "--ci", "github");
        assertThat(ci.exitCode()).as(ci.all()).isZero();
        assertThat(ci.all()).doesNotContain("the line .pgolab/").contains("commit the file (docs/ci.md)");
        // classes, not a release jar: the action's owner is a placeholder, said as a warning; --action names it
        Path workflow = other.resolve(".github/workflows/pgolab.yml");
        String release = io.pgolab.Version.build().release();
        assertThat(ci.err()).contains("warning: the steps \"Install pgolab\" say uses: OWNER/pgolab@v" + release,
                "--action OWNER/pgolab");
        assertThat(Files.readString(workflow)).contains("uses: OWNER/pgolab@v" + release + "\n");
        Cli.Result named = Cli.run(other, "init", "--ci", "github", "--force", "--action", "my-org/pgolab");
        assertThat(named.exitCode()).as(named.all()).isZero();
        assertThat(named.err()).doesNotContain("warning");
        assertThat(named.out()).contains("install pgolab " + release + " with my-org/pgolab@v" + release);
        assertThat(Files.readString(workflow)).contains("uses: my-org/pgolab@v" + release + "\n").doesNotContain("OWNER/");
        Cli.Result bad = Cli.run(other, "init", "--ci", "github", "--force", "--action", "https://github.com/my-org/pgolab");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("--action 'https://github.com/my-org/pgolab' is not a GitHub repository (OWNER/NAME)")
                .doesNotContain("Exception");
        assertThat(Files.readString(workflow)).contains("uses: my-org/pgolab@v");
        Cli.Result alone = Cli.run(other, "init", "--force", "--action", "my-org/pgolab");
        assertThat(alone.exitCode()).isEqualTo(2);
        assertThat(alone.err()).contains("--action belongs to --ci", "pgolab init --ci github --action OWNER/NAME");
    }

    /** "--runner arm64" used to drop the default x86_64 host without a word: refused, nothing written. */
    @Test
    void aRunnerWithoutRunnerLabelsIsRefused() throws Exception {
        git(tmp, "init", "-q");
        Files.writeString(tmp.resolve("Makefile"), "app: main.o\n\t$(CC) -o $@ $^\n");
        assertThat(Cli.run(tmp, "init").exitCode()).isZero();
        Cli.Result r = Cli.run(tmp, "init", "--ci", "github", "--runner", "arm64");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("--runner 'arm64' names no runner", "hint: write --runner arm64=RUNNER[,RUNNER...]")
                .doesNotContain("Exception");
        assertThat(tmp.resolve(".github")).doesNotExist();
        Cli.Result twice = Cli.run(tmp, "init", "--ci", "github", "--runner", "a=x", "--runner", "a=y");
        assertThat(twice.exitCode()).isEqualTo(2);
        assertThat(twice.err()).contains("the host label 'a' is given twice");
    }

    private static String git(Path dir, String... args) throws Exception {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of("git", "-c", "user.email=t@example.invalid",
                "-c", "user.name=t"));
        cmd.addAll(java.util.List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        return out;
    }

    @Test
    void cmakeProjectBuildsOutOfTree() throws Exception {
        Files.writeString(tmp.resolve("CMakeLists.txt"), "project(x C)\nadd_executable(server main.c)\n");
        assertThat(Cli.run(tmp, "init", "--toolchain", "gcc").exitCode()).isZero();
        Config c = ConfigLoader.load(tmp.resolve("pgolab.toml"));
        assertThat(c.toolchain().kind()).isEqualTo("gcc");
        assertThat(c.copySources()).isFalse();
        assertThat(c.build().command()).contains("cmake -S {srcdir} -B {builddir}");
        assertThat(c.build().artifact()).isEqualTo("{builddir}/server");
    }
}
