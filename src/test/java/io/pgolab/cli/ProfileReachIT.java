package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The profile must reach the code, checked on the output: a "compiler cache" that drops -fprofile-use (a script
 * standing in for a broken cache) makes the pgo program byte-for-byte release's while every compile command
 * carried the profile (the audit sees the commands, not what ran). The build fails naming the cache, and nothing
 * is recorded as the pgo variant; build.allow = ["profile-loss"] turns it into a warning. (Without a cache it is
 * a warning: HostileNamesIT's starter, whose training runs almost nothing, shows it.)
 */
class ProfileReachIT {
    @TempDir
    Path tmp;

    @Test
    void aPgoProgramIdenticalToReleaseIsAnErrorNamingTheCache() throws Exception {
        Tool.require(ToolLocator.onPath("gcc").isPresent(), "gcc");
        Path p = TinyProject.create(tmp.resolve("p"), "gcc", "\"release\", \"pgo\"",
                TinyProject.train("hot", "{binary} run 300000"));
        Path cache = Files.createDirectories(tmp.resolve("broken")).resolve("ccache");
        // a "cache" that runs the compiler without the profile flags
        Files.writeString(cache, """
                #!/bin/sh
                cc="$1"; shift
                for a in "$@"; do
                  shift
                  case "$a" in -fprofile-use*|-fprofile-correction|-fprofile-partial-training|-Wmissing-profile|-fvect-cost-model=*) ;; *) set -- "$@" "$a" ;; esac
                done
                exec "$cc" "$@"
                """);
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path config = p.resolve("pgolab.toml");
        String withCache = Files.readString(config).replace("[build]\n", "[build]\ncompiler_cache = \"" + cache + "\"\n");
        Files.writeString(config, withCache);

        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("the pgo build's program is byte-for-byte release's",
                "the profile never reached the code", "the compiler cache (" + cache + ") is the likeliest cause");

        assertThat(r.err()).doesNotContain("Exception");
        assertThat(p.resolve(".pgolab/variants/pgo.json")).doesNotExist();

        Files.writeString(config, withCache.replace("[build]\n", "[build]\nallow = [\"profile-loss\"]\n"));
        Cli.Result allowed = Cli.run(p, "build");
        assertThat(allowed.exitCode()).as(allowed.all()).isZero();
        assertThat(allowed.err()).contains("byte-for-byte release's", "allowed by build.allow");

        // Without the broken cache the same build differs from release and passes.
        Files.writeString(config, withCache.replace("compiler_cache = \"" + cache + "\"\n", ""));
        Cli.Result fine = Cli.run(p, "build");
        assertThat(fine.exitCode()).as(fine.all()).isZero();
        assertThat(fine.err()).doesNotContain("byte-for-byte");
    }

    @Test
    void aFailingCompilerCacheIsNamedNotTheBuildCommand() throws Exception {
        Tool.require(ToolLocator.onPath("gcc").isPresent(), "gcc");
        Path p = TinyProject.create(tmp.resolve("c"), "gcc", "\"release\"", TinyProject.train("hot", "{binary} run 1000"));
        Path cache = Files.createDirectories(tmp.resolve("failing")).resolve("ccache");
        Files.writeString(cache, "#!/bin/sh\necho 'ccache: error: Failed to create directory /nonexistent/ccache/0: Permission denied' >&2\nexit 1\n");
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path config = p.resolve("pgolab.toml");
        String text = Files.readString(config).replace("[build]\n", "[build]\ncompiler_cache = \"" + cache + "\"\n");
        Files.writeString(config, text);
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("the compiler cache " + cache + " failed, not the build")
                .contains("remove build.compiler_cache").doesNotContain("Exception");

        // a cache that fails without a word of its own: the hint still says it was in the way
        Files.writeString(cache, "#!/bin/sh\nexit 1\n");
        Cli.Result silent = Cli.run(p, "build");
        assertThat(silent.exitCode()).as(silent.all()).isEqualTo(2);
        assertThat(silent.err()).contains("every compile ran through the compiler cache " + cache);
    }

    @Test
    void aCacheThatChangesTheFlagsOfPgoCompilesIsNamedBesideRetrain() throws Exception {
        Tool.require(ToolLocator.onPath("gcc").isPresent(), "gcc");
        Path p = TinyProject.create(tmp.resolve("o0"), "gcc", "\"release\", \"pgo\"", TinyProject.train("hot", "{binary} run 1000"));
        Path cache = Files.createDirectories(tmp.resolve("rewriting")).resolve("ccache");
        // -O2 becomes -O0 in what it runs: the instrumented compiles (straight to gcc) and the pgo ones then differ
        Files.writeString(cache, """
                #!/bin/sh
                for a in "$@"; do shift; case "$a" in -O2) set -- "$@" -O0 ;; *) set -- "$@" "$a" ;; esac; done
                exec "$@"
                """);
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path config = p.resolve("pgolab.toml");
        Files.writeString(config, Files.readString(config).replace("[build]\n", "[build]\ncompiler_cache = \"" + cache + "\"\n"));
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("does not match its profile data").contains("pgolab build --retrain")
                .contains("the compiler cache " + cache + " may change the flags").doesNotContain("Exception");
    }
}
