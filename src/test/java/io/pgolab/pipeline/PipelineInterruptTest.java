package io.pgolab.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuildResult;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build that dies after writing its binary must not leave that binary recorded as good: the
 * manifest goes before the build starts and comes back only after the binary is published.
 */
class PipelineInterruptTest {
    @TempDir
    Path dir;

    private static void assertNothingGood(FakeProject p, String key) {
        ArtifactStore store = p.store();
        assertThat(store.buildDir("release").resolve("app")).as("the build wrote its binary").exists();
        assertThat(store.manifest("release")).doesNotExist();
        assertThat(store.lookup("release", Optional.empty())).isEmpty();
        assertThat(store.binDir(key)).as("nothing published").doesNotExist();
    }

    private static void assertRebuilt(FakeProject p, String key) throws Exception {
        p.events.drain();
        PipelineOutcome again = p.pipeline().build(List.of(Variant.RELEASE), false, FailureMode.FAIL);
        assertThat(p.events.drain()).containsExactly("build release");
        BuildResult r = again.build(Variant.RELEASE).orElseThrow();
        assertThat(r.cached()).isFalse();
        assertThat(r.artifact().key()).isEqualTo(key);
        assertThat(Files.readString(Path.of(r.artifact().binary()))).contains("# flags: -O3");
        assertThat(p.store().lookup("release", Optional.of(key))).isPresent();
    }

    @Test
    void aKilledBuildLeavesNoArtifactMarkedGoodAndTheNextBuildRebuildsIt() throws Exception {
        FakeProject p = new FakeProject(dir);
        p.pipeline().build(List.of(Variant.RELEASE), false, FailureMode.FAIL);
        assertThat(p.store().manifest("release")).exists();

        // A flag changes and the build is killed (SIGKILL) after writing app: the old manifest is gone
        // and no new one is written.
        p.cflags = "-O3";
        String key = p.builds().key(Variant.RELEASE, Phase.PLAIN, Optional.empty());
        p.touchCtl("kill", true);
        assertThatThrownBy(() -> p.pipeline().build(List.of(Variant.RELEASE), false, FailureMode.FAIL))
                .isInstanceOf(UserError.class).hasMessageContaining("building variant 'release' failed");
        assertNothingGood(p, key);

        p.touchCtl("kill", false);
        assertRebuilt(p, key);
    }

    @Test
    void anInterruptedBuildLeavesNoArtifactMarkedGoodAndTheNextBuildRebuildsIt() throws Exception {
        FakeProject p = new FakeProject(dir);
        p.cflags = "-O3";
        String key = p.builds().key(Variant.RELEASE, Phase.PLAIN, Optional.empty());
        p.touchCtl("slow", true);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread build = new Thread(() -> {
            try {
                p.pipeline().build(List.of(Variant.RELEASE), false, FailureMode.FAIL);
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        build.start();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(p.ctl.resolve("started"))) {
            assertThat(System.nanoTime()).as("the build did not start").isLessThan(deadline);
            Thread.sleep(20);
        }
        build.interrupt();   // what pgolab's shutdown does to the thread running a stage
        build.join(60_000);
        assertThat(build.isAlive()).as("the build stopped").isFalse();
        assertThat(failure.get()).isInstanceOf(UserError.class).hasMessageContaining("interrupted");
        assertNothingGood(p, key);

        p.touchCtl("slow", false);
        assertRebuilt(p, key);
    }
}
