package io.pgolab.tree;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TreeManifestTest {
    @TempDir
    Path tmp;

    @Test
    void namesAreWrittenByTheirBytes() {
        assertThat(RawName.escape("café".getBytes(StandardCharsets.UTF_8))).isEqualTo("café");
        assertThat(RawName.escape(new byte[] {'c', 'a', 'f', (byte) 0xe9})).isEqualTo("caf\\xe9");
        assertThat(RawName.escape("a\\b\tc\nd".getBytes(StandardCharsets.UTF_8))).isEqualTo("a\\x5cb\\x09c\\x0ad");
        // an overlong '/' and a UTF-8 surrogate are not UTF-8
        assertThat(RawName.escape(new byte[] {(byte) 0xc0, (byte) 0xaf})).isEqualTo("\\xc0\\xaf");
        assertThat(RawName.escape(new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80})).isEqualTo("\\xed\\xa0\\x80");
    }

    @Test
    void aNameJavaCannotSpellIsReadFromItsBytes() throws Exception {
        Process sh = new ProcessBuilder("sh", "-c", "printf x > \"$(printf 'caf\\351')\"").directory(tmp.toFile()).start();
        assertThat(sh.waitFor()).isZero();
        try (var s = Files.list(tmp)) {
            assertThat(s.map(RawName::of).toList()).containsExactly("caf\\xe9");
        }
    }

    @Test
    void manifestOrderIsNameByName() {
        assertThat(TreeEntry.compare("", "a")).isNegative();
        assertThat(TreeEntry.compare("a", "a/b")).isNegative();
        assertThat(TreeEntry.compare("a/b", "a-c")).isNegative();   // '/' sorts after '-' as a character, not here
        assertThat(TreeEntry.compare("a/b", "a/b")).isZero();
        assertThat(TreeEntry.compare("b", "a/z")).isPositive();
    }

    @Test
    void everyChangeIsFoundAndNamed() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("t"));
        Files.createDirectories(root.resolve("d"));
        Files.writeString(root.resolve("d/f"), "one");
        Files.createSymbolicLink(root.resolve("l"), Path.of("d"));
        Path m = tmp.resolve("m.tree");
        TreeManifest.Written w = TreeManifest.write(root, m, () -> false);
        assertThat(w.entries()).isEqualTo(4);
        assertThat(TreeManifest.change(root, m, "T")).isEmpty();

        Files.writeString(root.resolve("d/g"), "new");
        assertThat(TreeManifest.change(root, m, "T")).hasValue("T/d/g was added to the published tree since it was"
                + " built (a file of 3 bytes, mode 0644)");
        Files.delete(root.resolve("d/g"));
        Files.writeString(root.resolve("d/f"), "two");
        assertThat(TreeManifest.change(root, m, "T")).hasValue("T/d/f changed since it was built (same size, 3 bytes,"
                + " but other content)");
        Files.writeString(root.resolve("d/f"), "one");
        Files.delete(root.resolve("l"));
        assertThat(TreeManifest.change(root, m, "T")).hasValue("T/l is missing from the published tree (it was a"
                + " symbolic link to d when built)");
    }
}
