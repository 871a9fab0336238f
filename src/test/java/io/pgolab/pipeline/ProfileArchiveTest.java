package io.pgolab.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.util.Hashing;
import io.pgolab.util.Json;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stored-profile file format: written whole, read back checked, every kind of damage named. */
class ProfileArchiveTest {
    @TempDir
    Path tmp;

    private StoredProfile header(String layout, String name, Path profile) {
        return new StoredProfile(StoredProfile.FORMAT, "test", "2026-12-01T00:00:00Z", "tiny",
                new StoredProfile.Toolchain("clang", "clang 19", Map.of("clang", "19.1.7 /usr/bin/clang"), 19, 19, "19.1.7"),
                new StoredProfile.Profile(layout, name, Hashing.ofPath(profile), Hashing.sizeOf(profile), 3), "", "key",
                "fp", "0123456789abcdef0123456789abcdef01234567", false, List.of(new StoredProfile.Workload("run", "{binary} run")));
    }

    private Path profdata() throws Exception {
        Path p = tmp.resolve("merged.profdata");
        Files.write(p, "indexed profile bytes".getBytes(StandardCharsets.UTF_8));
        return p;
    }

    @Test
    void aFileProfileRoundTripsWithItsHeader() throws Exception {
        Path p = profdata();
        Path out = tmp.resolve("out/app.pgolab-profile");
        ProfileArchive.write(out, header("file", "profile.profdata", p), p);
        assertThat(Files.list(out.getParent())).containsExactly(out);   // no temp file left
        ProfileArchive.Opened o = ProfileArchive.read(out, tmp.resolve("unpacked"));
        assertThat(o.header().training()).extracting(StoredProfile.Workload::name).containsExactly("run");
        assertThat(o.profile().path().getFileName().toString()).isEqualTo("stored-" + o.profile().shortHash() + ".profdata");
        assertThat(Files.readAllBytes(o.profile().path())).isEqualTo(Files.readAllBytes(p));
        assertThat(o.profile().sha256()).isEqualTo(Hashing.ofPath(p));
        // read again: the unpacked copy is reused
        assertThat(ProfileArchive.read(out, tmp.resolve("unpacked")).profile().path()).isEqualTo(o.profile().path());
    }

    @Test
    void aGcdaTreeRoundTripsByRelativePaths() throws Exception {
        Path tree = tmp.resolve("merged-tree");
        Files.createDirectories(tree.resolve("#a#b"));
        Files.writeString(tree.resolve("#a#b/hot.gcda"), "gcda 1");
        Files.writeString(tree.resolve("main.gcda"), "gcda 2");
        Path out = tmp.resolve("gcc.pgolab-profile");
        ProfileArchive.write(out, header("tree", "gcda", tree), tree);
        ProfileArchive.Opened o = ProfileArchive.read(out, tmp.resolve("unpacked"));
        assertThat(Files.isDirectory(o.profile().path())).isTrue();
        assertThat(Files.readString(o.profile().path().resolve("#a#b/hot.gcda"))).isEqualTo("gcda 1");
        assertThat(o.profile().sha256()).isEqualTo(Hashing.ofPath(tree));
    }

    @Test
    void aMissingFileSaysSo() {
        assertThatThrownBy(() -> ProfileArchive.read(tmp.resolve("nope.pgolab-profile"), tmp.resolve("u")))
                .isInstanceOf(UserError.class).hasMessageContaining("does not exist")
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("pgolab profile export"));
    }

    @Test
    void aRawProfdataIsNotAPgolabProfile() throws Exception {
        Path raw = profdata();
        assertThatThrownBy(() -> ProfileArchive.read(raw, tmp.resolve("u"))).isInstanceOf(UserError.class)
                .hasMessageContaining("is not a pgolab profile");
    }

    @Test
    void aZipWithoutHeaderIsNotAPgolabProfile() throws Exception {
        Path z = tmp.resolve("other.zip");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(z))) {
            out.putNextEntry(new ZipEntry("readme.txt"));
            out.write(1);
        }
        assertThatThrownBy(() -> ProfileArchive.read(z, tmp.resolve("u"))).isInstanceOf(UserError.class)
                .hasMessageContaining("is not a pgolab profile (it has no pgolab-profile.json)");
    }

    @Test
    void aTruncatedFileIsDamaged() throws Exception {
        Path p = profdata();
        Path out = tmp.resolve("app.pgolab-profile");
        ProfileArchive.write(out, header("file", "profile.profdata", p), p);
        byte[] all = Files.readAllBytes(out);
        Files.write(out, Arrays.copyOf(all, all.length * 2 / 3));
        assertThatThrownBy(() -> ProfileArchive.read(out, tmp.resolve("u"))).isInstanceOf(UserError.class)
                .hasMessageContaining("truncated?").hasMessageNotContaining("Exception");
    }

    @Test
    void aFlippedByteInTheProfileIsDamaged() throws Exception {
        Path p = profdata();
        Path out = tmp.resolve("app.pgolab-profile");
        ProfileArchive.write(out, header("file", "profile.profdata", p), p);
        byte[] all = Files.readAllBytes(out);
        // The first occurrence of the entry's name is its local header; its (deflated) data follows the name.
        byte[] name = "profile/profile.profdata".getBytes(StandardCharsets.UTF_8);
        int at = indexOf(all, name);
        assertThat(at).isPositive();
        all[at + name.length + 2] ^= 0x20;
        Files.write(out, all);
        assertThatThrownBy(() -> ProfileArchive.read(out, tmp.resolve("u"))).isInstanceOf(UserError.class)
                .hasMessageContaining("is damaged");
    }

    @Test
    void aHeaderWhoseSha256DoesNotMatchIsDamaged() throws Exception {
        Path p = profdata();
        StoredProfile h = header("file", "profile.profdata", p);
        StoredProfile wrong = new StoredProfile(h.format(), h.pgolabVersion(), h.createdAt(), h.project(), h.toolchain(),
                new StoredProfile.Profile("file", "profile.profdata", "0".repeat(64), 3, 3), h.profileSet(), h.profileKey(),
                h.sourceFingerprint(), h.gitCommit(), h.gitDirty(), h.training());
        Path out = tmp.resolve("app.pgolab-profile");
        ProfileArchive.write(out, wrong, p);
        assertThatThrownBy(() -> ProfileArchive.read(out, tmp.resolve("u"))).isInstanceOf(UserError.class)
                .hasMessageContaining("is damaged: its profile has SHA-256").hasMessageContaining("the header says 000000000000");
        assertThat(tmp.resolve("u")).isEmptyDirectory();   // nothing half-unpacked left behind
    }

    @Test
    void aNewerFormatAsksForANewerPgolab() throws Exception {
        Path z = tmp.resolve("future.pgolab-profile");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(z))) {
            out.putNextEntry(new ZipEntry(ProfileArchive.HEADER));
            out.write("{\"format\":\"pgolab-profile/2\",\"pgolab_version\":\"9.0\"}".getBytes(StandardCharsets.UTF_8));
        }
        assertThatThrownBy(() -> ProfileArchive.header(z)).isInstanceOf(UserError.class)
                .hasMessageContaining("pgolab-profile/2, newer than this pgolab reads").hasMessageContaining("pgolab 9.0");
    }

    @Test
    void anotherFormatOrBrokenJsonIsRejected() throws Exception {
        Path z = tmp.resolve("x.pgolab-profile");
        writeHeader(z, "{\"format\":\"something-else/1\"}");
        assertThatThrownBy(() -> ProfileArchive.header(z)).hasMessageContaining("is not a pgolab profile (format");
        writeHeader(z, "{\"format\":");
        assertThatThrownBy(() -> ProfileArchive.header(z)).isInstanceOf(UserError.class).hasMessageContaining("not valid JSON");
        writeHeader(z, Json.MAPPER.writeValueAsString(Map.of("format", StoredProfile.FORMAT)));
        assertThatThrownBy(() -> ProfileArchive.header(z)).isInstanceOf(UserError.class)
                .hasMessageContaining("lacks the toolchain or the profile's name and sha256");
    }

    @Test
    void anEntryPointingOutsideIsRejected() throws Exception {
        Path tree = tmp.resolve("t");
        Files.createDirectories(tree);
        Files.writeString(tree.resolve("a.gcda"), "x");
        StoredProfile h = header("tree", "gcda", tree);
        Path z = tmp.resolve("evil.pgolab-profile");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(z))) {
            out.putNextEntry(new ZipEntry(ProfileArchive.HEADER));
            out.write(Json.MAPPER.writeValueAsBytes(h));
            out.putNextEntry(new ZipEntry("profile/gcda/../../escaped.gcda"));
            out.write('x');
        }
        assertThatThrownBy(() -> ProfileArchive.read(z, tmp.resolve("u"))).isInstanceOf(UserError.class)
                .hasMessageContaining("points outside the profile");
        assertThat(tmp.resolve("escaped.gcda")).doesNotExist();
    }

    private static void writeHeader(Path z, String json) throws Exception {
        try (OutputStream f = Files.newOutputStream(z); ZipOutputStream out = new ZipOutputStream(f)) {
            out.putNextEntry(new ZipEntry(ProfileArchive.HEADER));
            out.write(json.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        for (int i = 0; i + needle.length <= hay.length; i++) {
            if (Arrays.equals(hay, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }
}
