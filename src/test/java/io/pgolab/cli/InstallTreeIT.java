package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 39, "a published tree is one sealed thing": a variant that is an install tree is published with a manifest
 * of every path (as bytes), type, mode, size, link target and content hash, and reused only when the tree is exactly
 * that; what pgolab cannot publish (FIFOs, sockets, devices, a symlinked {installdir}) is refused by name, never
 * opened; names keep their bytes; big sparse files stay sparse; a SIGTERM while publishing says so.
 */
@Timeout(120)
class InstallTreeIT {
    /** Prints every plugin file found in ../share/app/plugins relative to itself, as a runtime loads its modules. */
    static final String APP = """
            #include <dirent.h>
            #include <libgen.h>
            #include <limits.h>
            #include <stdio.h>
            #include <string.h>
            #include <unistd.h>
            int main(void) {
                char self[PATH_MAX], dir[PATH_MAX + 32], f[2 * PATH_MAX + 64], line[256];
                ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
                if (n < 0) return 4;
                self[n] = 0;
                snprintf(dir, sizeof dir, "%s/../share/app/plugins", dirname(self));
                DIR *d = opendir(dir);
                if (!d) return 3;
                for (struct dirent *e; (e = readdir(d)) != NULL;) {
                    if (e->d_name[0] == '.') continue;
                    snprintf(f, sizeof f, "%s/%s", dir, e->d_name);
                    FILE *in = fopen(f, "r");
                    while (in && fgets(line, sizeof line, in)) fputs(line, stdout);
                    if (in) fclose(in);
                }
                closedir(d);
                return 0;
            }
            """;

    @TempDir
    Path tmp;

    @BeforeAll
    static void tools() {
        Tool.require(ToolLocator.onPath("gcc").isPresent(), "gcc");
    }

    /** A project whose build compiles app and installs it with a plugin, a helper, and links; then runs extra. */
    private Path project(String name, String extra) throws Exception {
        Path p = Files.createDirectories(tmp.resolve(name));
        Files.writeString(p.resolve("app.c"), APP);
        Files.writeString(p.resolve("install.sh"), """
                set -e
                cc=$1; cflags=$2; ldflags=$3; dest=$4; src=$(dirname "$0")
                mkdir -p "$dest/usr/bin" "$dest/usr/share/app/plugins" "$dest/usr/libexec"
                $cc -O2 $cflags -o "$dest/usr/bin/app" "$src/app.c" $ldflags
                echo plugin-a > "$dest/usr/share/app/plugins/a.txt"
                printf '#!/bin/sh\\necho helper\\n' > "$dest/usr/libexec/helper"
                chmod 755 "$dest/usr/libexec/helper"
                ln -s ../share/app "$dest/usr/bin/data"
                ln -s "$dest/usr/bin/app" "$dest/usr/bin/app-abs"
                """ + extra + "\n");
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                name = "tree"
                variants = ["release"]

                [toolchain]
                kind = "gcc"

                [build]
                command = "sh {srcdir}/install.sh {cc} \\"{cflags}\\" \\"{ldflags}\\" {installdir}"
                artifact = "{installdir}/usr/bin/app"

                [[bench]]
                name = "run"
                command = "{binary}"
                """);
        return p;
    }

    private static Path binary(Path project) throws Exception {
        return Path.of(Json.MAPPER.readTree(project.resolve(".pgolab/variants/release.json").toFile()).get("binary").asText());
    }

    private static Path tree(Path project) throws Exception {
        return binary(project).getParent().getParent().getParent();
    }

    private static Cli.Result build(Path p) {
        return Cli.run(p, "build", "release");
    }

    private static String run(Path program) throws Exception {
        Exec.Result r = Exec.capture(null, null, Map.of(), List.of(program.toString()), 30);
        assertThat(r.exitCode()).as(r.output()).isZero();
        return r.output();
    }

    @Test
    void aFileAddedToThePublishedTreeIsCaughtAndNeverRun() throws Exception {
        Path p = project("added", "");
        Cli.Result first = build(p);
        assertThat(first.exitCode()).as(first.all()).isZero();
        assertThat(run(binary(p))).isEqualTo("plugin-a\n");
        // the absolute link into the tree was made relative; the relative one kept
        assertThat(Files.readSymbolicLink(tree(p).resolve("usr/bin/app-abs"))).isEqualTo(Path.of("app"));
        assertThat(Files.readSymbolicLink(tree(p).resolve("usr/bin/data"))).isEqualTo(Path.of("../share/app"));
        Cli.Result same = build(p);
        assertThat(same.out()).as(same.all()).contains("[cached]");

        Files.writeString(tree(p).resolve("usr/share/app/plugins/evil.txt"), "INJECTED\n");
        Cli.Result again = build(p);
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.all()).contains("usr/share/app/plugins/evil.txt was added to the published tree since it was"
                + " built (a file of 9 bytes, mode 0644)").doesNotContain("[cached]");
        assertThat(run(binary(p))).isEqualTo("plugin-a\n");
    }

    @Test
    void aModeChangedOrALinkRetargetedIsCaught() throws Exception {
        Path p = project("modes", "");
        assertThat(build(p).exitCode()).isZero();
        Files.setPosixFilePermissions(tree(p).resolve("usr/libexec/helper"), PosixFilePermissions.fromString("rw-r--r--"));
        Cli.Result mode = build(p);
        assertThat(mode.exitCode()).as(mode.all()).isZero();
        assertThat(mode.all()).contains("usr/libexec/helper changed since it was built (mode 0644, was 0755)")
                .doesNotContain("[cached]");

        Path link = tree(p).resolve("usr/bin/data");
        Files.delete(link);
        Files.createSymbolicLink(link, Path.of("/etc"));
        Cli.Result target = build(p);
        assertThat(target.exitCode()).as(target.all()).isZero();
        assertThat(target.all()).contains("usr/bin/data changed since it was built (a symbolic link to /etc, was one"
                + " to ../share/app)").doesNotContain("[cached]");
        assertThat(Files.readSymbolicLink(tree(p).resolve("usr/bin/data"))).isEqualTo(Path.of("../share/app"));

        Files.delete(tree(p).resolve("usr/share/app/plugins/a.txt"));
        Cli.Result gone = build(p);
        assertThat(gone.all()).contains("usr/share/app/plugins/a.txt is missing from the published tree (it was a file"
                + " of 9 bytes, mode 0644 when built)");
    }

    @Test
    void aNameThatIsNotUtf8KeepsItsBytes() throws Exception {
        Path p = project("bytes", "printf 'latin-1\\n' > \"$dest/usr/share/app/plugins/caf$(printf '\\351').txt\"");
        Cli.Result b = build(p);
        assertThat(b.exitCode()).as(b.all()).isZero();
        Path plugins = tree(p).resolve("usr/share/app/plugins");
        Exec.Result ls = Exec.capture(null, plugins, Map.of(), List.of("sh", "-c", "ls | od -An -c | tr -s ' '"), 10);
        assertThat(ls.output()).contains("c a f 351 . t x t").doesNotContain("357 277 275");
        assertThat(run(binary(p))).contains("latin-1", "plugin-a");
        assertThat(build(p).out()).contains("[cached]");

        Exec.capture(null, plugins, Map.of(), List.of("sh", "-c", "echo changed > caf$(printf '\\351').txt"), 10);
        Cli.Result again = build(p);
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.all()).contains("usr/share/app/plugins/caf\\xe9.txt changed since it was built");
    }

    @Test
    void aFifoIsRefusedByNameWithoutBeingOpened() throws Exception {
        Path p = project("fifo", "mkdir -p \"$dest/usr/run\" && mkfifo \"$dest/usr/run/ctl\"");
        Cli.Result b = build(p);
        assertThat(b.exitCode()).as(b.all()).isEqualTo(2);
        assertThat(b.err()).contains("the install tree of 'release' holds usr/run/ctl (a FIFO (named pipe))",
                "rm -f {installdir}/usr/run/ctl").doesNotContain("Exception", "internal error");
        assertThat(p.resolve(".pgolab/variants/release.json")).doesNotExist();
    }

    @Test
    void aSocketIsRefusedByName() throws Exception {
        Tool.require(ToolLocator.onPath("python3").isPresent(), "python3");
        Path p = project("socket", "python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])'"
                + " \"$dest/usr/share/app/sock\"");
        Cli.Result b = build(p);
        assertThat(b.exitCode()).as(b.all()).isEqualTo(2);
        assertThat(b.err()).contains("holds usr/share/app/sock (a unix socket)").doesNotContain("Exception", "internal error");
    }

    @Test
    void anInstallDirReplacedByALinkIsRefused() throws Exception {
        Path p = project("link", "mv \"$dest\" \"$dest.real\" && ln -s \"$dest.real\" \"$dest\"");
        Cli.Result b = build(p);
        assertThat(b.exitCode()).as(b.all()).isEqualTo(2);
        assertThat(b.err()).contains("{installdir} of 'release'", "is a symbolic link to", "install into {installdir} itself")
                .doesNotContain("Exception", "internal error");
    }

    @Test
    void aSparseFileStaysSparse() throws Exception {
        Path p = project("sparse", "truncate -s 256M \"$dest/usr/share/app/zeros.img\"");
        Cli.Result b = build(p);
        assertThat(b.exitCode()).as(b.all()).isZero();
        Path img = tree(p).resolve("usr/share/app/zeros.img");
        assertThat(Files.size(img)).isEqualTo(256L << 20);
        Exec.Result du = Exec.capture(null, null, Map.of(), List.of("du", "-k", img.toString()), 10);
        assertThat(Long.parseLong(du.output().strip().split("\\s+")[0])).as(du.output()).isLessThan(1024);
    }

    @Test
    void publishingRunsUnderTheBuildTimeout() throws Exception {
        // 8 GiB of zeros (sparse: no disk used) take seconds to hash into the manifest; build.timeout is 1 s
        Path p = project("slow", "truncate -s 8G \"$dest/usr/share/app/zeros.img\"");
        Path config = p.resolve("pgolab.toml");
        Files.writeString(config, Files.readString(config).replace("artifact = ", "timeout = \"1s\"\nartifact = "));
        Cli.Result b = build(p);
        assertThat(b.exitCode()).as(b.all()).isEqualTo(2);
        assertThat(b.err()).contains("publishing the tree of 'release' took longer than build.timeout (1.0s): nothing published")
                .contains("raise build.timeout").doesNotContain("Exception");
        assertThat(p.resolve(".pgolab/variants/release.json")).doesNotExist();
    }

    @Test
    void aTreeRecordedBeforeManifestsIsRebuiltAndSaysWhy() throws Exception {
        Path p = project("old", "");
        assertThat(build(p).exitCode()).isZero();
        Path record = p.resolve(".pgolab/variants/release.json");
        var json = (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(record.toFile());
        json.remove("tree");
        json.putObject("files").putObject("usr/bin/app").put("bytes", Files.size(binary(p)))
                .put("sha256", io.pgolab.util.Hashing.ofPath(binary(p)));
        Json.MAPPER.writeValue(record.toFile(), json);
        Cli.Result b = build(p);
        assertThat(b.exitCode()).as(b.all()).isZero();
        assertThat(b.all()).contains("its install tree was published by an earlier pgolab").doesNotContain("[cached]");
        assertThat(Json.MAPPER.readTree(record.toFile()).get("tree")).isNotNull();
        assertThat(build(p).out()).contains("[cached]");
    }

    @Test
    void sigtermWhilePublishingSaysSoAndPublishesNothing() throws Exception {
        // 4 GiB of holes: hashing it takes seconds, long enough to be interrupted in the middle
        Path p = project("term", "truncate -s 4G \"$dest/usr/share/app/zeros.img\"");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process pgolab = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "io.pgolab.cli.Main", "-C", p.toString(), "build")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("out.txt").toFile()).start();
        Path bin = p.resolve(".pgolab/bin");
        long deadline = System.currentTimeMillis() + 60_000;
        while (staged(bin).isEmpty() && pgolab.isAlive() && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertThat(staged(bin)).as(Files.readString(tmp.resolve("out.txt"))).isNotEmpty();
        pgolab.destroy();
        assertThat(pgolab.waitFor(20, TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(tmp.resolve("out.txt"));
        assertThat(out).contains("interrupted while publishing the tree of 'release': nothing published")
                .doesNotContain("Exception", "internal error");
        assertThat(staged(bin)).isEmpty();
        assertThat(p.resolve(".pgolab/variants/release.json")).doesNotExist();
    }

    private static List<Path> staged(Path bin) throws Exception {
        if (!Files.isDirectory(bin)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(bin)) {
            return s.filter(f -> f.getFileName().toString().contains(".tmp-")).toList();
        }
    }
}
