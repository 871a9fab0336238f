package io.pgolab.profile;

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

    /** profile export onto a symlink writes its target (the link stays); onto a device it writes through, never replaces it. */
    @Test
    void anExportFollowsASymlinkAndNeverReplacesADevice() throws Exception {
        Path p = profdata();
        Path real = tmp.resolve("shared/app.pgolab-profile");
        Path link = Files.createSymbolicLink(tmp.resolve("app.pgolab-profile"), real);
        ProfileArchive.write(link, header("file", "profile.profdata", p), p);
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(ProfileArchive.header(real).profile().sha256()).isEqualTo(Hashing.ofPath(p));
        Path full = tmp.resolve("full");   // made like /dev/full, never the real one
        boolean root = new ProcessBuilder("mknod", full.toString(), "c", "1", "7").start().waitFor() == 0;
        io.pgolab.Tool.require(root || !io.pgolab.Tool.inCi(), "root (mknod)");   // outside CI: the rest still runs
        if (root) {
            assertThatThrownBy(() -> ProfileArchive.write(full, header("file", "profile.profdata", p), p))
                    .isInstanceOf(UserError.class).hasMessageStartingWith("cannot write " + full + ": it is a character device,"
                            + " not a regular file");   // never opened (issue 39)
            assertThat(Files.isRegularFile(full)).isFalse();
            assertThat(Files.exists(full)).isTrue();
        }
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
                new StoredProfile.Profile("file", "profile.profdata", "0".repeat(64), Files.size(p), 3), h.profileSet(), h.profileKey(),
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

    /** A zip made by hand: the header, then the entries as given (name, bytes), then the whole file patched. */
    private Path zip(String name, StoredProfile h, Object... entries) throws Exception {
        Path z = tmp.resolve(name);
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(z))) {
            out.putNextEntry(new ZipEntry(ProfileArchive.HEADER));
            out.write(Json.MAPPER.writeValueAsBytes(h));
            for (int i = 0; i < entries.length; i += 2) {
                out.putNextEntry(new ZipEntry((String) entries[i]));
                out.write((byte[]) entries[i + 1]);
            }
        }
        return z;
    }

    private StoredProfile treeHeader() throws Exception {
        Path t = Files.createDirectories(tmp.resolve("t"));
        Files.writeString(t.resolve("a.gcda"), "x");
        return header("tree", "gcda", t);
    }

    private void assertDamaged(Path z, String why) {
        assertThatThrownBy(() -> ProfileArchive.read(z, tmp.resolve("u"))).isInstanceOf(UserError.class)
                .hasMessageContaining(z + " is damaged: ").hasMessageContaining(why);
    }

    /** Every malformed archive is "damaged: why" (exit 2), never an internal error or "I/O failure" (exit 3). */
    @Test
    void malformedArchivesAreDamagedWithTheReason() throws Exception {
        byte[] x = {'x'};
        StoredProfile t = treeHeader();
        assertDamaged(zip("nul.zip", t, "profile/gcda/a\0b.gcda", x), "entry profile/gcda/a\\u0000b.gcda points outside");
        assertDamaged(zip("abs.zip", t, "profile/gcda//etc/passwd", x), "points outside the profile");
        assertDamaged(zip("dots.zip", t, "profile/gcda/a/../../../x.gcda", x), "points outside the profile");
        assertDamaged(zip("bs.zip", t, "profile/gcda/..\\x.gcda", x), "points outside the profile");
        assertDamaged(zip("filedir.zip", t, "profile/gcda/a", x, "profile/gcda/a/b.gcda", x), "is both a file and a directory");
        Path twice = zip("twice.zip", t, "profile/gcda/aa.gcda", x, "profile/gcda/ab.gcda", x);
        byte[] b = Files.readAllBytes(twice);
        String latin = new String(b, StandardCharsets.ISO_8859_1).replace("ab.gcda", "aa.gcda");
        Files.write(twice, latin.getBytes(StandardCharsets.ISO_8859_1));
        assertDamaged(twice, "appears twice");
        assertThat(tmp.resolve("u")).satisfiesAnyOf(u -> assertThat(u).doesNotExist(), u -> assertThat(u).isEmptyDirectory());

        Path p = profdata();
        StoredProfile h = header("file", "profile.profdata", p);
        writeHeader(tmp.resolve("null.zip"), "null");
        assertDamaged(tmp.resolve("null.zip"), "is null, not an object");
        writeHeader(tmp.resolve("array.zip"), "[1, 2]");
        assertDamaged(tmp.resolve("array.zip"), "is not valid JSON");
        writeHeader(tmp.resolve("big.zip"), " ".repeat((int) ProfileArchive.HEADER_MAX) + "{}");
        assertDamaged(tmp.resolve("big.zip"), "larger than 1.0 MiB");
        StoredProfile.Profile ok = h.profile();
        assertDamaged(zip("sha.zip", with(h, new StoredProfile.Profile("file", ok.name(), "../../../../" + "0".repeat(52),
                ok.bytes(), 3)), "profile/profile.profdata", x), "sha256 is not 64 hex digits");
        assertDamaged(zip("name.zip", with(h, new StoredProfile.Profile("file", "../../evil.profdata", ok.sha256(), ok.bytes(), 3)),
                "profile/../../evil.profdata", x), "is not a plain file name");
        assertDamaged(zip("layout.zip", with(h, new StoredProfile.Profile("weird", ok.name(), ok.sha256(), ok.bytes(), 3)),
                "profile/profile.profdata", x), "layout is \"weird\"");
        assertDamaged(zip("neg.zip", with(h, new StoredProfile.Profile("file", ok.name(), ok.sha256(), -5, 3)),
                "profile/profile.profdata", x), "size is negative");
        assertThat(Files.list(tmp).map(f -> f.getFileName().toString())).doesNotContain("evil.profdata");
    }

    private static StoredProfile with(StoredProfile h, StoredProfile.Profile p) {
        return new StoredProfile(h.format(), h.pgolabVersion(), h.createdAt(), h.project(), h.toolchain(), p, h.profileSet(),
                h.profileKey(), h.sourceFingerprint(), h.gitCommit(), h.gitDirty(), h.training());
    }

    /**
     * A 24 MiB entry (24 KiB deflated) whose header says 21 bytes: inflating stops after 21 bytes. Unpacked on a
     * 8 MiB tmpfs when this runs as root, where writing it out in full would fill the disk first.
     */
    @Test
    void aZipBombStopsAtTheDeclaredSizeAndAnHonestBigProfileAtTheFreeSpace() throws Exception {
        Path small = Files.createDirectories(tmp.resolve("small"));
        boolean mounted = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", small.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor() == 0;
        io.pgolab.Tool.require(mounted || !io.pgolab.Tool.inCi(), "root (mount -t tmpfs)");   // outside CI: the cap alone
        try {
            Path p = profdata();
            StoredProfile h = header("file", "profile.profdata", p);
            byte[] zeros = new byte[24 << 20];
            Path bomb = zip("bomb.pgolab-profile", h, "profile/profile.profdata", zeros);
            assertThat(Files.size(bomb)).isLessThan(1 << 20);
            assertThatThrownBy(() -> ProfileArchive.read(bomb, small.resolve("u"))).isInstanceOf(UserError.class)
                    .hasMessageContaining(bomb + " is damaged: entry profile/profile.profdata inflates to more than the 21 bytes"
                            + " pgolab-profile.json declares for the whole profile");
            assertThat(Files.list(small.resolve("u"))).isEmpty();   // the 21 bytes written were removed too
            if (mounted) {   // the same bytes, declared honestly: too big for this disk, said before writing any
                Path honest = tmp.resolve("honest");
                Files.write(honest, zeros);
                Path big = zip("big.pgolab-profile", header("file", "profile.profdata", honest), "profile/profile.profdata", zeros);
                assertThatThrownBy(() -> ProfileArchive.read(big, small.resolve("u"))).isInstanceOf(UserError.class)
                        .hasMessageContaining("no space left on device writing " + small.resolve("u"))
                        .hasMessageContaining("writing 24.0 MiB");
                assertThat(Files.list(small.resolve("u"))).isEmpty();
            }
        } finally {
            if (mounted) {
                new ProcessBuilder("umount", "-l", small.toString()).start().waitFor();
            }
        }
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
