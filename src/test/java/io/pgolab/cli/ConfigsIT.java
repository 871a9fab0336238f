package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 14, item 6: two config files of one project, pgolab.toml and --config other.toml. Each keeps
 * its own records (other.toml's in .pgolab/configs/other.toml/), an identical build is reused by the
 * other config instead of rebuilt, switching back and forth rebuilds nothing, and a build that differs
 * (flags, build.allow) is never taken for the other config's. Real clang and gcc on the tiny C program.
 */
class ConfigsIT {
    private static final String TRAIN = TinyProject.train("hot", "{binary} run 300000");
    private static final String BENCH = "[[bench]]\nname = \"loop\"\ncommand = \"{binary} run 200000\"\n";
    private static final String OTHER_BENCH = "[[bench]]\nname = \"short\"\ncommand = \"{binary} run 1000\"\n";
    private static final String OTHER = ".pgolab/configs/other.toml/";

    @TempDir
    Path tmp;

    private static void require(String kind) {
        Tool.require(kind.equals("gcc") ? ToolLocator.onPath("gcc").isPresent() : ToolLocator.onPath("clang-19").isPresent()
                || ToolLocator.onPath("clang").isPresent(), kind);
    }

    /** pgolab.toml and other.toml: the same build, other.toml's with buildExtra in its [build] table. */
    private Path project(String kind, String variants, String buildExtra) throws Exception {
        require(kind);
        Path p = TinyProject.create(tmp.resolve(kind), kind, variants, TRAIN + BENCH);
        Files.writeString(p.resolve("other.toml"), withBuild(TinyProject.config(kind, variants, TRAIN + OTHER_BENCH), buildExtra));
        return p;
    }

    private static String withBuild(String config, String extra) {
        return config.replace("artifact = \"{builddir}/hot\"\n", "artifact = \"{builddir}/hot\"\n" + extra + "\n");
    }

    private static Cli.Result ok(Path p, String... args) {
        Cli.Result r = Cli.run(p, args);
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.all()).doesNotContain("Exception");
        return r;
    }

    private static BuiltArtifact manifest(Path p, String records, String name) throws Exception {
        return Json.read(p.resolve(records + "variants/" + name + ".json"), BuiltArtifact.class);
    }

    private static void nothingRan(Cli.Result r) {
        assertThat(r.err()).doesNotContain(" done in ").doesNotContain("rebuilding")
                .contains("build release: up to date", "build pgo: up to date");
    }

    @ParameterizedTest
    @ValueSource(strings = {"clang", "gcc"})
    void anIdenticalBuildIsReusedUnderAnotherConfigAndSwitchingBackRebuildsNothing(String kind) throws Exception {
        Path p = project(kind, "\"release\", \"pgo\"", "");
        ok(p, "build");
        BuiltArtifact release = manifest(p, ".pgolab/", "release");
        BuiltArtifact pgo = manifest(p, ".pgolab/", "pgo");

        // other.toml differs in its benchmarks only: its builds and its profile are pgolab.toml's.
        Cli.Result other = ok(p, "--config", "other.toml", "build");
        nothingRan(other);
        assertThat(other.err()).contains("build release: up to date, nothing rebuilt (the identical build made for pgolab.toml)");
        assertThat(other.out()).contains("audit: 1 compile, 1 link, all -O2");
        assertThat(manifest(p, OTHER, "release").binary()).isEqualTo(release.binary());
        assertThat(manifest(p, OTHER, "pgo").binary()).isEqualTo(pgo.binary());
        assertThat(Json.read(p.resolve(OTHER + "profiles/current.json"), ProfileRecord.class).sha256())
                .isEqualTo(Json.read(p.resolve(".pgolab/profiles/current.json"), ProfileRecord.class).sha256());

        nothingRan(ok(p, "build"));
        nothingRan(ok(p, "--config", "other.toml", "build"));
        Cli.Result bench = ok(p, "--config", "other.toml", "bench", "--min-rounds", "5", "--max-rounds", "5",
                "--no-training-check");
        assertThat(bench.err()).doesNotContain(" done in ").doesNotContain("rebuilding");
        assertThat(bench.out()).contains("short");
        nothingRan(ok(p, "build"));
    }

    /**
     * other.toml's build defines OTHER, so its compile also reads other.h: each build is keyed by the
     * files it read itself, and a header only one config's build reads rebuilds only that config's.
     */
    @ParameterizedTest
    @ValueSource(strings = {"clang", "gcc"})
    void differentBuildsKeepTheirOwnRecordsAndSwitchingBackAndForthRebuildsNothing(String kind) throws Exception {
        Path p = project(kind, "\"release\", \"pgo\"", "cflags = \"-DOTHER=1\"");
        Files.writeString(p.resolve("other.h"), "#define OTHER_NAME \"other\"\n");
        Files.writeString(p.resolve("hot.c"), "#ifdef OTHER\n#include \"other.h\"\n#endif\n" + TinyProject.SOURCE);
        ok(p, "build");
        BuiltArtifact release = manifest(p, ".pgolab/", "release");
        String profile = Files.readString(p.resolve(".pgolab/profiles/current.json"));

        Cli.Result other = ok(p, "--config", "other.toml", "build");
        assertThat(other.err()).contains("build release done in", "build instrumented done in", "build pgo done in")
                .doesNotContain("identical build");
        BuiltArtifact otherRelease = manifest(p, OTHER, "release");
        assertThat(otherRelease.key()).isNotEqualTo(release.key());
        assertThat(otherRelease.binary()).isNotEqualTo(release.binary());
        assertThat(Files.readString(p.resolve(OTHER + "logs/build-release.log"))).contains("-DOTHER=1");
        assertThat(p.resolve(OTHER + "audit/release.json")).isRegularFile();
        assertThat(p.resolve(OTHER + "profiles/current.json")).isRegularFile();
        // pgolab.toml's records are as its build left them.
        assertThat(manifest(p, ".pgolab/", "release")).isEqualTo(release);
        assertThat(Files.readString(p.resolve(".pgolab/profiles/current.json"))).isEqualTo(profile);
        assertThat(Files.readString(p.resolve(".pgolab/logs/build-release.log"))).doesNotContain("-DOTHER");

        Cli.Result back = ok(p, "build");
        nothingRan(back);
        assertThat(back.out()).contains("audit: 1 compile, 1 link, all -O2");
        nothingRan(ok(p, "--config", "other.toml", "build"));
        nothingRan(ok(p, "build"));

        Files.writeString(p.resolve("other.h"), "#define OTHER_NAME \"edited\"\n");
        nothingRan(ok(p, "build"));
        assertThat(ok(p, "--config", "other.toml", "build").err())
                .contains("build release: rebuilding, files it read changed (changed: other.h)", "build release done in");
        assertThat(p.resolve(".pgolab/audit/release.json")).content().doesNotContain("other.h");
        assertThat(p.resolve(OTHER + "audit/release.json")).content().contains("other.h");
    }

    @Test
    void aBuildThatOneConfigsAllowWaivesIsNotTakenByAConfigWithoutIt() throws Exception {
        require("clang");
        Path p = tmp.resolve("allow");
        TinyProject.create(p, "clang", "\"release\"", BENCH);
        String unoptimized = TinyProject.config("clang", "\"release\"", BENCH).replace("{cc} -O2 {cflags}", "{cc} {cflags}");
        Files.writeString(p.resolve("pgolab.toml"), withBuild(unoptimized, "allow = [\"unoptimized\"]"));
        Files.writeString(p.resolve("other.toml"), unoptimized);
        Cli.Result waived = ok(p, "build");
        assertThat(waived.err()).contains("(allowed by build.allow = \"unoptimized\")");

        Cli.Result other = Cli.run(p, "--config", "other.toml", "build");
        assertThat(other.exitCode()).as(other.all()).isNotZero();
        assertThat(other.err()).contains("the release build compiled 1 of 1 file(s) without optimization")
                .doesNotContain("Exception");
        assertThat(ok(p, "build").err()).contains("build release: up to date").doesNotContain(" done in ");
    }

    /** The case: go (like cargo) keys every build by the whole tree, which held the other config file. */
    @Test
    void aGoProjectBuiltForItsDefaultConfigIsNotRebuiltForAnotherConfig() throws Exception {
        Tool.require(Files.isExecutable(Path.of(GoToolchainIT.GO)) || ToolLocator.onPath("go").isPresent(), "go");
        Path p = GoToolchainIT.project(tmp.resolve("go"), "", "", GoToolchainIT.TWO_WORKLOADS);
        ok(p, "build");
        Files.writeString(p.resolve("other.toml"), Files.readString(p.resolve("pgolab.toml")).replace("-n 100000", "-n 5000"));
        nothingRan(ok(p, "build"));
        Cli.Result other = ok(p, "--config", "other.toml", "build");
        nothingRan(other);
        assertThat(other.err()).contains("build release: up to date, nothing rebuilt (the identical build made for pgolab.toml)");
        nothingRan(ok(p, "build"));
        nothingRan(ok(p, "--config", "other.toml", "build"));
    }

    /**
     * A build whose compiles bypass {cc} is keyed by the whole tree (as go and cargo builds always are):
     * another config file in the tree is not one of its sources.
     */
    @Test
    void anotherConfigFileIsNotASourceOfAWholeTreeBuild() throws Exception {
        require("gcc");
        Path p = tmp.resolve("tree");
        TinyProject.create(p, "gcc", "\"release\"", BENCH);
        String direct = TinyProject.config("gcc", "\"release\"", BENCH).replace("{cc}", "gcc");
        Files.writeString(p.resolve("pgolab.toml"), direct);
        assertThat(ok(p, "build").out()).contains("audit: no compile went through {cc}");

        Files.writeString(p.resolve("other.toml"), direct.replace(BENCH, OTHER_BENCH));
        assertThat(ok(p, "build").err()).contains("build release: up to date").doesNotContain(" done in ");
        Cli.Result other = ok(p, "--config", "other.toml", "build");
        assertThat(other.err()).contains("build release: up to date, nothing rebuilt (the identical build made for pgolab.toml)")
                .doesNotContain(" done in ");
        Files.writeString(p.resolve("other.toml"), direct.replace(BENCH, OTHER_BENCH + "\n# edited\n"));
        assertThat(ok(p, "build").err()).contains("build release: up to date").doesNotContain(" done in ");

        // A source file still counts.
        Files.writeString(p.resolve("hot.c"), TinyProject.SOURCE + "\n// edited\n");
        assertThat(ok(p, "build").err()).contains("build release done in");
    }
}
