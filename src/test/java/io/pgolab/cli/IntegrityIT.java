package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Hashing;
import io.pgolab.util.Json;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 11: what pgolab reuses is what it built. Damaged binaries are rebuilt and never measured, a
 * damaged merged profile is merged again from the raw runs, and a GCC build that lost its profile
 * is not reported as "0 missing". Real gcc and clang on the tiny C program.
 */
class IntegrityIT {
    private static final String BENCH = """
            [[bench]]
            name = "loop"
            command = "{binary} run 200000"
            """;

    @TempDir
    Path tmp;

    private Path project(String kind) throws Exception {
        Tool.require(kind.equals("gcc") ? ToolLocator.onPath("gcc").isPresent() : ToolLocator.onPath("clang-19").isPresent()
                || ToolLocator.onPath("clang").isPresent(), kind);
        Path p = TinyProject.create(tmp.resolve(kind), kind, "\"release\", \"pgo\"",
                TinyProject.train("hot", "{binary} run 300000") + BENCH);
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        return p;
    }

    private static Path binary(Path p, String variant) throws Exception {
        return Path.of(Json.read(p.resolve(".pgolab/variants/" + variant + ".json"), BuiltArtifact.class).binary());
    }

    private static ProfileRecord profile(Path p) throws Exception {
        return Json.read(p.resolve(".pgolab/profiles/current.json"), ProfileRecord.class);
    }

    private static void truncate(Path f, long bytes) throws Exception {
        try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
            raf.setLength(bytes);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"clang", "gcc"})
    void damagedBinariesAreNeverMeasuredAndAreRebuilt(String kind) throws Exception {
        Path p = project(kind);
        Path pgo = binary(p, "pgo");
        Path release = binary(p, "release");
        truncate(pgo, 0);
        truncate(release, Files.size(release) / 2);

        Cli.Result noBuild = Cli.run(p, "bench", "--no-build", "release", "pgo", "--min-rounds", "5", "--max-rounds", "5");
        assertThat(noBuild.exitCode()).as(noBuild.all()).isEqualTo(2);
        assertThat(noBuild.err()).contains(p.relativize(release).toString() + " changed since it was built (")
                .contains("pgolab build release").doesNotContain("Exception").doesNotContain("improved");

        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.err()).contains("warning: " + p.relativize(pgo) + " changed since it was built (0 bytes, was ")
                .contains("warning: " + p.relativize(release) + " changed since it was built (")
                .contains("==> build release: ", "==> build pgo: ").doesNotContain("build pgo: up to date");
        assertThat(Files.size(pgo)).isPositive();

        // The probe's case: bench (which builds first) on an emptied binary rebuilds it and measures the real one.
        truncate(pgo, 0);
        Cli.Result bench = Cli.run(p, "bench", "release", "pgo", "--min-rounds", "5", "--max-rounds", "5");
        assertThat(bench.exitCode()).as(bench.all()).isZero();
        assertThat(bench.err()).contains("changed since it was built (0 bytes", ": rebuilding");
        assertThat(Cli.run(p, "build").err()).contains("build release: up to date", "build pgo: up to date");
    }

    @Test
    void aTruncatedMergedClangProfileIsMergedAgainThenRetrainedWhenTheRawRunsAreGone() throws Exception {
        Path p = project("clang");
        ProfileRecord rec = profile(p);
        Path merged = Path.of(rec.profile());
        truncate(merged, Files.size(merged) / 2);

        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.err()).contains("warning: " + p.relativize(merged) + " changed since it was merged (")
                .contains("merging it again from the raw runs", "train hot: up to date (raw profile", "==> merge")
                .doesNotContain("train hot done in").contains("build pgo: up to date");
        assertThat(Hashing.ofPath(merged)).isEqualTo(rec.sha256());

        truncate(merged, 0);
        io.pgolab.util.Dirs.deleteTree(p.resolve(".pgolab/profiles/runs"));
        Cli.Result again = Cli.run(p, "build");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.err()).contains("changed since it was merged (0 bytes", "train hot done in");
        assertThat(Files.size(merged)).isPositive();
        assertThat(profile(p).bytes()).isEqualTo(Files.size(merged));
    }

    @Test
    void aTruncatedMergedGccProfileIsMergedAgainAndABuildThatLostItIsNotZeroMissing() throws Exception {
        Path p = project("gcc");
        ProfileRecord rec = profile(p);
        Path dir = Path.of(rec.profile());
        Path gcda;
        try (var s = Files.walk(dir)) {
            gcda = s.filter(f -> f.toString().endsWith(".gcda")).findFirst().orElseThrow();
        }
        truncate(gcda, Files.size(gcda) / 2);
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.err()).contains("changed since it was merged", "merging it again from the raw runs");
        assertThat(Hashing.ofPath(dir)).isEqualTo(rec.sha256());

        // A profile damaged before it was recorded (the record agrees with the damaged files): GCC
        // warns -Wmissing-profile for every function of hot.c, and the build says so.
        truncate(gcda, Files.size(gcda) / 2);
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(
                p.resolve(".pgolab/profiles/current.json").toFile());
        tree.put("sha256", Hashing.ofPath(dir)).put("bytes", Hashing.sizeOf(dir));
        Files.writeString(p.resolve(".pgolab/profiles/current.json"), tree.toString());
        Cli.Result lost = Cli.run(p, "build");
        assertThat(lost.exitCode()).as(lost.all()).isEqualTo(2);
        assertThat(lost.err()).contains("the pgo build lost its profile in every object (", "hot.c)",
                "missing-profile warning(s)", "pgolab build --retrain").doesNotContain("0 missing")
                .doesNotContain("Exception");
        assertThat(Files.readString(p.resolve(".pgolab/logs/build-pgo.log"))).contains("[-Wmissing-profile]");
    }
}
