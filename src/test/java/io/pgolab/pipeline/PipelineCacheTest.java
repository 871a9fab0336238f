package io.pgolab.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Variant;
import io.pgolab.store.BuildResult;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Build keys and the no-op rebuild, with a toolchain whose build is a shell script (FakeToolchain). */
class PipelineCacheTest {
    @TempDir
    Path dir;

    private static String key(FakeProject p, Variant v, Phase phase) {
        return p.builds().key(v, phase, Optional.empty());
    }

    @Test
    void sameInputsGiveTheSameKeyAndEveryInputChangesIt() {
        FakeProject p = new FakeProject(dir);
        String release = key(p, Variant.RELEASE, Phase.PLAIN);
        assertThat(key(p, Variant.RELEASE, Phase.PLAIN)).as("same inputs, new BuildStage").isEqualTo(release);
        assertThat(key(p, Variant.LTO, Phase.PLAIN)).as("another variant").isNotEqualTo(release);
        assertThat(key(p, Variant.PGO, Phase.INSTRUMENT)).as("another phase").isNotEqualTo(release);

        ProfileData a = new ProfileData(Path.of("/p/a.profdata"), "a".repeat(64), 10);
        ProfileData b = new ProfileData(Path.of("/p/b.profdata"), "b".repeat(64), 10);
        assertThat(p.builds().key(Variant.PGO, Phase.OPTIMIZE, Optional.of(a)))
                .as("another profile").isNotEqualTo(p.builds().key(Variant.PGO, Phase.OPTIMIZE, Optional.of(b)));

        String command = p.command;
        p.command = command + " # v2";
        assertThat(key(p, Variant.RELEASE, Phase.PLAIN)).as("build command").isNotEqualTo(release);
        p.command = command;

        p.cflags = "-O3";
        assertThat(key(p, Variant.RELEASE, Phase.PLAIN)).as("a flag").isNotEqualTo(release);
        p.cflags = "-O2";

        p.write("main.c", "int main(void) { return 1; }\n");
        assertThat(key(p, Variant.RELEASE, Phase.PLAIN)).as("a source file").isNotEqualTo(release);
        p.write("main.c", "int main(void) { return 0; }\n");
        assertThat(key(p, Variant.RELEASE, Phase.PLAIN)).as("the same content again").isEqualTo(release);

        p.toolchain.version = "1.1";
        assertThat(key(p, Variant.RELEASE, Phase.PLAIN)).as("the toolchain version").isNotEqualTo(release);
        p.toolchain.version = "1.0";
        assertThat(key(p, Variant.RELEASE, Phase.PLAIN)).isEqualTo(release);
    }

    @Test
    void aSecondBuildOfTheSameVariantsRebuildsNothing() throws Exception {
        FakeProject p = new FakeProject(dir);
        p.variants = "\"release\", \"lto\", \"pgo\", \"pgo+lto\"";
        List<Variant> variants = p.config().variants();

        PipelineOutcome first = p.pipeline().build(variants, false, FailureMode.FAIL);
        assertThat(p.events.drain()).containsExactly("build release", "build lto", "build instrumented", "train t",
                "merge", "build pgo", "build pgo+lto");
        assertThat(first.builds()).noneMatch(BuildResult::cached);
        assertThat(first.trained()).isTrue();
        assertThat(first.build(Variant.PGO_LTO).orElseThrow().artifact().phase()).isEqualTo(Phase.OPTIMIZE.id());
        String optimized = Files.readString(Path.of(first.build(Variant.PGO).orElseThrow().artifact().binary()));
        assertThat(optimized).contains("-fake-use=" + first.profile().orElseThrow().profile());

        // A new Pipeline, as a second 'pgolab build' would make: everything is up to date.
        PipelineOutcome second = p.pipeline().build(variants, false, FailureMode.FAIL);
        assertThat(p.events.drain()).as("stages started").isEmpty();
        assertThat(second.builds()).allMatch(BuildResult::cached);
        assertThat(second.instrumented().orElseThrow().cached()).isTrue();
        assertThat(second.trained()).isFalse();
        assertThat(second.builds().stream().map(r -> r.artifact().key()))
                .containsExactlyElementsOf(first.builds().stream().map(r -> r.artifact().key()).toList());

        // A changed source rebuilds everything, and trains the new instrumented build again.
        p.write("main.c", "int main(void) { return 2; }\n");
        PipelineOutcome third = p.pipeline().build(variants, false, FailureMode.FAIL);
        assertThat(p.events.drain()).containsExactly("build release", "build lto", "build instrumented", "train t",
                "merge", "build pgo", "build pgo+lto");
        assertThat(third.builds()).noneMatch(BuildResult::cached);
    }

    /** Issue 27: "[cached]" only for builds reused from an earlier run, never for one built by this pipeline. */
    @Test
    void aBuildMadeInThisRunAndAskedForAgainIsNotCached() {
        FakeProject p = new FakeProject(dir);
        p.variants = "\"release\"";
        Pipeline pipeline = p.pipeline();
        pipeline.build(List.of(Variant.RELEASE), false, FailureMode.FAIL);
        PipelineOutcome again = pipeline.build(List.of(Variant.RELEASE), false, FailureMode.FAIL);
        assertThat(again.builds()).noneMatch(BuildResult::cached);
        assertThat(p.pipeline().build(List.of(Variant.RELEASE), false, FailureMode.FAIL).builds())
                .as("a new run reuses it").allMatch(BuildResult::cached);
    }
}
