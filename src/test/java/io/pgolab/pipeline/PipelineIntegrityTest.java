package io.pgolab.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.util.Events;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What pgolab reuses is checked first (size and SHA-256 recorded in the manifests): a damaged binary
 * is rebuilt, a damaged merged profile re-merged from the raw runs, damaged raw runs trained again.
 */
class PipelineIntegrityTest {
    @TempDir
    Path dir;

    private static PipelineOutcome build(FakeProject p) {
        return p.pipeline().build(p.config().variants(), false, FailureMode.FAIL);
    }

    private static Path binary(PipelineOutcome o, Variant v) {
        return Path.of(o.build(v).orElseThrow().artifact().binary());
    }

    private static void truncate(Path f, long bytes) throws Exception {
        byte[] all = Files.readAllBytes(f);
        FileTime mtime = Files.getLastModifiedTime(f);
        Files.write(f, java.util.Arrays.copyOf(all, (int) bytes));
        Files.setLastModifiedTime(f, mtime);
    }

    @Test
    void manifestsRecordTheSizeAndHashOfEveryPublishedFile() throws Exception {
        FakeProject p = new FakeProject(dir);
        PipelineOutcome o = build(p);
        BuiltArtifact pgo = o.build(Variant.PGO).orElseThrow().artifact();
        Path bin = Path.of(pgo.binary());
        assertThat(pgo.files()).containsKey("app");
        assertThat(pgo.files().get("app").bytes()).isEqualTo(Files.size(bin));
        assertThat(pgo.binarySha256()).contains(io.pgolab.util.Hashing.ofPath(bin));
        assertThat(Files.readString(p.store().manifest("pgo"))).contains("\"files\"", "\"sha256\"");
        ProfileRecord rec = o.profile().orElseThrow();
        assertThat(rec.workloads().get(0).files()).isNotEmpty();
        try (var runs = Files.list(p.store().profiles().resolve("runs"))) {
            Path marker = runs.findFirst().orElseThrow().resolve("run.json");
            assertThat(Json.read(marker, ProfileRecord.WorkloadRun.class).files()).containsKey("default.profraw");
        }
    }

    @Test
    void aZeroByteOrHalfBinaryIsRebuiltWithAMessage() throws Exception {
        FakeProject p = new FakeProject(dir);
        PipelineOutcome first = build(p);
        p.events.drain();

        truncate(binary(first, Variant.PGO), 0);
        Path release = binary(first, Variant.RELEASE);
        truncate(release, Files.size(release) / 2);
        PipelineOutcome second = build(p);
        assertThat(p.events.drain()).containsExactly("build release", "build pgo");
        assertThat(p.events.warnings).anySatisfy(w -> assertThat(w).matches(
                "\\.pgolab/bin/[0-9a-f]{12}/app changed since it was built \\(\\d+ B, was \\d+ B\\): rebuilding"));
        assertThat(p.events.warnings).anySatisfy(w -> assertThat(w).contains("(0 bytes, was ").endsWith(": rebuilding"));
        assertThat(Files.size(binary(second, Variant.PGO))).isPositive();
        assertThat(Files.readString(binary(second, Variant.RELEASE))).isEqualTo(Files.readString(binary(first, Variant.RELEASE)));

        build(p);
        assertThat(p.events.drain()).as("repaired: up to date again").isEmpty();
    }

    @Test
    void otherContentOfTheSameSizeAndMtimeIsCaught() throws Exception {
        FakeProject p = new FakeProject(dir);
        Path bin = binary(build(p), Variant.RELEASE);
        p.events.drain();
        String text = Files.readString(bin);
        FileTime mtime = Files.getLastModifiedTime(bin);
        Files.writeString(bin, text.replace("flags", "FLAGS"));   // touch -r: same size, same mtime
        Files.setLastModifiedTime(bin, mtime);

        build(p);
        assertThat(p.events.drain()).containsExactly("build release");
        assertThat(p.events.warnings).anySatisfy(w -> assertThat(w).contains("same size", "but other content"));
        assertThat(Files.readString(bin)).isEqualTo(text);
    }

    @Test
    void aBinaryThatIsNoLongerExecutableIsRebuilt() throws Exception {
        FakeProject p = new FakeProject(dir);
        Path bin = binary(build(p), Variant.RELEASE);
        p.events.drain();
        assertThat(bin.toFile().setExecutable(false, false)).isTrue();
        build(p);
        assertThat(p.events.drain()).contains("build release");
        assertThat(p.events.warnings).anySatisfy(w -> assertThat(w).contains("is no longer executable"));
    }

    @Test
    void verifiedAndVerifyRefuseADamagedBinaryNamingItAndTheFix() throws Exception {
        FakeProject p = new FakeProject(dir);
        PipelineOutcome o = build(p);
        ArtifactStore store = p.store();
        BuiltArtifact pgo = store.verified("pgo").orElseThrow();
        store.verify(pgo);
        assertThat(store.verified("lto")).as("never built").isEmpty();

        truncate(Path.of(pgo.binary()), 0);
        assertThatThrownBy(() -> store.verified("pgo")).isInstanceOf(UserError.class)
                .hasMessageContaining(".pgolab/bin/").hasMessageContaining("changed since it was built (0 bytes")
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("pgolab build pgo"));
        assertThatThrownBy(() -> store.verify(o.build(Variant.PGO).orElseThrow().artifact()))
                .isInstanceOf(UserError.class).hasMessageContaining("0 bytes");
        assertThat(store.lookup("pgo", Optional.empty())).isEmpty();
    }

    @Test
    void aManifestWithoutDigestsIsCheckedBySizeThenRecorded() throws Exception {
        FakeProject p = new FakeProject(dir);
        build(p);
        p.events.drain();
        Path manifest = p.store().manifest("release");
        var tree = (com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.readTree(manifest.toFile());
        tree.remove("files");
        Files.writeString(manifest, tree.toString());

        assertThat(p.store().lookup("release", Optional.empty())).isPresent();
        assertThat(Files.readString(manifest)).as("digests recorded once").contains("\"files\"");

        tree.remove("files");
        Files.writeString(manifest, tree.toString());
        Path bin = Path.of(tree.get("binary").asText());
        truncate(bin, Files.size(bin) - 1);
        build(p);
        assertThat(p.events.drain()).containsExactly("build release");
        assertThat(p.events.warnings).anySatisfy(w -> assertThat(w).contains("changed since it was built"));
    }

    @Test
    void aDamagedMergedProfileIsMergedAgainFromTheRawRunsThenRetrainedWhenTheyAreGoneToo() throws Exception {
        FakeProject p = new FakeProject(dir);
        PipelineOutcome first = build(p);
        p.events.drain();
        ProfileRecord rec = first.profile().orElseThrow();
        Path merged = Path.of(rec.profile());
        String good = Files.readString(merged);

        truncate(merged, Files.size(merged) / 2);
        PipelineOutcome second = build(p);
        assertThat(p.events.drain()).as("raw runs reused, profile unchanged: pgo not rebuilt").containsExactly("merge");
        assertThat(p.events.warnings).anySatisfy(w -> assertThat(w).contains(merged.getFileName().toString(),
                "changed since it was merged", "merging it again from the raw runs"));
        assertThat(Files.readString(merged)).isEqualTo(good);
        assertThat(second.profile().orElseThrow().sha256()).isEqualTo(rec.sha256());

        truncate(merged, 0);
        ArtifactStore.deleteTree(p.store().profiles().resolve("runs"));
        build(p);
        assertThat(p.events.drain()).containsExactly("train t", "merge");
        assertThat(Files.readString(merged)).isEqualTo(good);
    }

    @Test
    void damagedRawRunsAreTrainedAgain() throws Exception {
        FakeProject p = new FakeProject(dir);
        PipelineOutcome first = build(p);
        p.events.drain();
        Path merged = Path.of(first.profile().orElseThrow().profile());
        Files.delete(merged);
        Path raw;
        try (var s = Files.walk(p.store().profiles().resolve("runs"))) {
            raw = s.filter(f -> f.toString().endsWith(".profraw")).findFirst().orElseThrow();
        }
        Files.writeString(raw, "RAN\n");   // same size, other content

        build(p);
        assertThat(p.events.drain()).containsExactly("train t", "merge");
        assertThat(p.events.warnings).anySatisfy(w -> assertThat(w).contains(merged.getFileName() + " is missing"));
        assertThat(p.events.warnings).anySatisfy(w -> assertThat(w).contains("default.profraw changed since it was recorded",
                "running training workload 't' again"));
    }

    @Test
    void theProfileReportRefusesADamagedMergedProfile() throws Exception {
        FakeProject p = new FakeProject(dir);
        PipelineOutcome o = build(p);
        truncate(Path.of(o.profile().orElseThrow().profile()), 3);
        var cfg = p.config();
        var store = p.store();
        var runner = new io.pgolab.workload.ShellRunner(io.pgolab.util.CommandLog.silent());
        assertThatThrownBy(() -> ProfileStatus.of(cfg, p.toolchain, store, new TrainStage(cfg, p.toolchain, store, runner,
                Events.SILENT), p.builds(), "")).isInstanceOf(UserError.class).hasMessageContaining("changed since it was merged");
    }
}
