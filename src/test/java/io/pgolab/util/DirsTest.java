package io.pgolab.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Deleting a tree: everything under it, links as links (never what they name). */
class DirsTest {
    @TempDir
    Path tmp;

    @Test
    void deletesANestedTreeAndLeavesWhatItsLinksName() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("keep.txt"), "keep");
        Path tree = tmp.resolve("tree");
        for (int d = 0; d < 3; d++) {
            Path dir = Files.createDirectories(tree.resolve("a/b" + d + "/c"));
            for (int f = 0; f < 5; f++) {
                Files.writeString(dir.resolve("f" + f), "x" + f);
            }
        }
        Files.createSymbolicLink(tree.resolve("a/to-outside"), outside);
        Files.createSymbolicLink(tree.resolve("dangling"), tmp.resolve("nothing-here"));
        Dirs.deleteTree(tree);
        assertThat(tree).doesNotExist();
        assertThat(outside.resolve("keep.txt")).hasContent("keep");
    }

    @Test
    void aLinkAsTheRootIsDeletedAsALink() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("dir"));
        Files.writeString(dir.resolve("f"), "f");
        Path link = Files.createSymbolicLink(tmp.resolve("link"), dir);
        Dirs.deleteTree(link);
        assertThat(Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(dir.resolve("f")).hasContent("f");
    }

    @Test
    void aFileAndNothingAreFine() throws Exception {
        Path f = Files.writeString(tmp.resolve("file"), "f");
        Dirs.deleteTree(f);
        assertThat(f).doesNotExist();
        Dirs.deleteTree(tmp.resolve("never-was"));
    }

    @Test
    void aDirectoryThatCannotBeEmptiedIsAnError() throws Exception {
        Path locked = Files.createDirectories(tmp.resolve("locked/inner"));
        Files.writeString(locked.resolve("f"), "f");
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            org.junit.jupiter.api.Assumptions.assumeFalse(Files.isWritable(locked), "running as a user who writes anyway (root)");
            assertThatThrownBy(() -> Dirs.deleteTree(tmp.resolve("locked"))).isInstanceOf(UncheckedIOException.class);
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }
}
