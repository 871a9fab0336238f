package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.store.FileDigest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When a gate may pass without measuring: only when every gated program, every build output and every file a workload
 * could read is the same in both commits; anything else (or anything unknown) is measured, and said when the
 * programs themselves are the same bytes.
 */
class SameProgramsTest {
    @TempDir
    Path tmp;

    Path baseTree;
    Path candTree;

    @BeforeEach
    void trees() throws IOException {
        baseTree = tmp.resolve("gate/aaaaaaaaaaaa");
        candTree = tmp.resolve("gate/bbbbbbbbbbbb");
        for (Path t : List.of(baseTree, candTree)) {
            audit(t, "release", "key-release", "demo.c", "demo.h");
            audit(t, "pgo", "key-pgo", "demo.c", "demo.h");
            output(t, "release", "demo.o", "object of " + t + "/demo.c"); // the checkout's path inside an output
            output(t, "pgo", "demo.o", "pgo object");
        }
    }

    @Test
    void theSameBytesAndOnlyCompileInputsChangedIsDecidedWithoutMeasuring() {
        SamePrograms.Outcome o = check(List.of("demo.c"), side(baseTree, "aa", "bb"), side(candTree, "aa", "bb"));
        assertThat(o.same()).isTrue();
        assertThat(o.text()).isEqualTo("release and pgo are the same bytes in both commits, with the same build outputs,"
                + " and every file that differs (demo.c) is a compile input of their builds");
    }

    @Test
    void differentProgramsAreMeasuredWithoutANote() {
        SamePrograms.Outcome o = check(List.of("demo.c"), side(baseTree, "aa", "bb"), side(candTree, "aa", "cc"));
        assertThat(o).isEqualTo(new SamePrograms.Outcome(false, ""));
    }

    @Test
    void aChangedFileNoCompileReadIsMeasuredAndSaysWhy() {
        // a workload's input, a script, the config: a workload may read it, whatever the programs are
        SamePrograms.Outcome o = check(List.of("demo.c", "bench/input.txt"), side(baseTree, "aa", "bb"),
                side(candTree, "aa", "bb"));
        assertThat(o.same()).isFalse();
        assertThat(o.text()).isEqualTo("release and pgo are the same bytes in both commits, but bench/input.txt differs"
                + " and is no compile input of release (a workload may read it): measured");
        assertThat(check(List.of("pgolab.toml"), side(baseTree, "aa", "bb"), side(candTree, "aa", "bb")).same())
                .isFalse();
        assertThat(check(List.of("../outside/data"), side(baseTree, "aa", "bb"), side(candTree, "aa", "bb"))
                .same()).isFalse();
    }

    @Test
    void aBuildThatWroteIntoTheCheckoutIsMeasured() {
        SamePrograms.Side cand = new SamePrograms.Side(built("aa", "bb"), new ArtifactStore(candTree), candTree,
                Optional.of(List.of("plugins/mod.so")));
        SamePrograms.Outcome o = check(List.of("demo.c"), side(baseTree, "aa", "bb"), cand);
        assertThat(o.same()).isFalse();
        assertThat(o.text()).contains("a build wrote into the checkout (plugins/mod.so)");
    }

    @Test
    void aDifferentFileInABuildDirectoryIsMeasured() throws IOException {
        // a module built beside the artifact, which a workload may load: the artifact alone is not the program
        output(candTree, "pgo", "mod.so", "a module");
        SamePrograms.Outcome o = check(List.of("demo.c"), side(baseTree, "aa", "bb"), side(candTree, "aa", "bb"));
        assertThat(o.same()).isFalse();
        assertThat(o.text()).contains("files in pgo's build directory differ");
    }

    @Test
    void unknownsAreMeasured() throws IOException {
        SamePrograms.Side base = side(baseTree, "aa", "bb");
        SamePrograms.Side cand = side(candTree, "aa", "bb");
        assertThat(SamePrograms.check(List.of("release", "pgo"), base, cand, Optional.empty()).text())
                .contains("git could not list what differs");
        SamePrograms.Side noGit = new SamePrograms.Side(built("aa", "bb"), new ArtifactStore(candTree), candTree,
                Optional.empty());
        assertThat(check(List.of("demo.c"), base, noGit).same()).isFalse();
        // an audit of another build (its key is not the artifact's): nothing says what went into this one
        audit(candTree, "pgo", "key-of-another-build", "demo.c", "demo.h");
        assertThat(check(List.of("demo.c"), base, cand).text()).contains("no audit of pgo's compiles");
        // a program without a recorded digest is not known to be the same
        BuiltArtifact noDigest = artifact("release", "key-release", Map.of());
        SamePrograms.Side unknown = new SamePrograms.Side(List.of(noDigest, artifact("pgo", "key-pgo",
                Map.of("demo", new FileDigest(1, "bb")))), new ArtifactStore(baseTree), baseTree, Optional.of(List.of()));
        assertThat(check(List.of("demo.c"), unknown, unknown).same()).isFalse();
    }

    @Test
    void theCheckoutsPathIsNoDifference() {
        byte[] path = "/x/gate/aaaa".getBytes(StandardCharsets.UTF_8);
        assertThat(new String(SamePrograms.withoutPath("dep: /x/gate/aaaa/demo.c /x/gate/aaaa".getBytes(
                StandardCharsets.UTF_8), path), StandardCharsets.UTF_8)).isEqualTo("dep: @CHECKOUT@/demo.c @CHECKOUT@");
    }

    private static SamePrograms.Outcome check(List<String> changed, SamePrograms.Side base, SamePrograms.Side cand) {
        return SamePrograms.check(List.of("release", "pgo"), base, cand, Optional.of(changed));
    }

    private static SamePrograms.Side side(Path tree, String releaseSha, String pgoSha) {
        return new SamePrograms.Side(built(releaseSha, pgoSha), new ArtifactStore(tree), tree, Optional.of(List.of()));
    }

    private static List<BuiltArtifact> built(String releaseSha, String pgoSha) {
        return List.of(artifact("release", "key-release", Map.of("demo", new FileDigest(10, releaseSha))),
                artifact("pgo", "key-pgo", Map.of("demo", new FileDigest(10, pgoSha))));
    }

    private static BuiltArtifact artifact(String variant, String key, Map<String, FileDigest> files) {
        return new BuiltArtifact(variant, variant.equals("pgo") ? "optimize" : "release", key, "/p/bin/" + key + "/demo",
                "", 10, 1.0, "", 0, 0, "", "cc", "2026-12-03T00:00:00Z", "", files);
    }

    private static void audit(Path tree, String variant, String key, String... reads) throws IOException {
        Path f = new ArtifactStore(tree).records().resolve("audit").resolve(variant + ".json");
        Files.createDirectories(f.getParent());
        Files.writeString(f, "{\"key\":\"" + key + "\",\"line\":\"audit\",\"levels\":[\"-O2\"],\"reads\":[\""
                + String.join("\",\"", reads) + "\"],\"inputs\":{}}");
    }

    private static void output(Path tree, String variant, String name, String content) throws IOException {
        Path f = new ArtifactStore(tree).buildDir(variant).resolve(name);
        Files.createDirectories(f.getParent());
        Files.writeString(f, content);
    }
}
