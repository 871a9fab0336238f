package io.pgolab.report.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a report file goes (every --json/--markdown/--csv/--html, merge, report, doctor, profile export):
 * a regular file is replaced whole; a symlink's target is written and the link kept; a FIFO or a device node is
 * written through and stays what it was; a directory is refused; "-" is stdout; errors name the path.
 */
class OutputTargetsTest {
    @TempDir
    Path tmp;

    @Test
    void aRegularFileIsReplacedWholeWithNoTempLeft() throws Exception {
        Path f = tmp.resolve("r.md");
        Files.writeString(f, "old and longer than the new text");
        Exports.write(f, "new");
        assertThat(Files.readString(f)).isEqualTo("new");
        assertThat(Files.list(tmp)).containsExactly(f);
    }

    @Test
    void aSymlinkKeepsBeingALinkAndItsTargetIsRewritten() throws Exception {
        Path target = Files.writeString(tmp.resolve("real.md"), "old");
        Path link = Files.createSymbolicLink(tmp.resolve("link.md"), Path.of("real.md"));   // relative, as ln -s makes them
        Exports.write(link, "new");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readSymbolicLink(link)).isEqualTo(Path.of("real.md"));
        assertThat(Files.readString(target)).isEqualTo("new");
        // a chain of links, the last one in another directory, relative to its own directory
        Path sub = Files.createDirectories(tmp.resolve("sub"));
        Path end = Files.createSymbolicLink(sub.resolve("end.md"), Path.of("../real.md"));
        Path first = Files.createSymbolicLink(tmp.resolve("first.md"), end);
        Exports.write(first, "chained");
        assertThat(Files.readString(target)).isEqualTo("chained");
        assertThat(Files.isSymbolicLink(first) && Files.isSymbolicLink(end)).isTrue();
    }

    @Test
    void aDanglingSymlinkCreatesItsTarget() throws Exception {
        Path link = Files.createSymbolicLink(tmp.resolve("link.json"), tmp.resolve("out/results.json"));
        Exports.write(link, "{}");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(tmp.resolve("out/results.json"))).isEqualTo("{}");
    }

    @Test
    void aSymlinkLoopOrADirectoryIsRefusedByName() throws Exception {
        Path a = tmp.resolve("a");
        Files.createSymbolicLink(a, tmp.resolve("b"));
        Files.createSymbolicLink(tmp.resolve("b"), a);
        assertThatThrownBy(() -> Exports.write(a, "x")).isInstanceOf(UserError.class)
                .hasMessageContaining("cannot write " + a).hasMessageContaining("too many levels of symbolic links");
        Path dir = Files.createDirectories(tmp.resolve("report.html"));
        assertThatThrownBy(() -> Exports.write(dir, "x")).isInstanceOf(UserError.class)
                .hasMessage("cannot write " + dir + ": it is a directory");
        Path toDir = Files.createSymbolicLink(tmp.resolve("d.html"), dir);
        assertThatThrownBy(() -> Exports.write(toDir, "x")).isInstanceOf(UserError.class)
                .hasMessageContaining("(a symlink to " + dir + "): it is a directory");
        assertThat(Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)).isTrue();
    }

    /** Issue 39: a FIFO is refused by name, never opened (opening it would wait for a reader for ever). */
    @Test
    @org.junit.jupiter.api.Timeout(value = 30, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void aFifoIsRefusedByNameAndNeverOpened() throws Exception {
        Path fifo = tmp.resolve("pipe");
        run("mkfifo", fifo.toString());
        try {
            assertThatThrownBy(() -> Exports.write(fifo, "through the pipe")).isInstanceOf(UserError.class)
                    .hasMessage("cannot write " + fifo + ": it is a FIFO (named pipe), not a regular file; pgolab never opens"
                            + " a FIFO, socket or device for writing");
            assertThat(type(fifo)).isEqualTo("fifo");
        } finally {
            CompletableFuture.runAsync(() -> {   // should a write be stuck on it after all: let it end
                try (InputStream in = Files.newInputStream(fifo)) {
                    in.readAllBytes();
                } catch (IOException e) {
                    // gone
                }
            });
        }
    }

    /** As root: a node made like /dev/null and one like /dev/full, in the temp directory (never the real ones): refused, left as they are. */
    @Test
    void deviceNodesAreRefusedByName() throws Exception {
        Path nul = tmp.resolve("null");
        Path full = tmp.resolve("full");
        // CI runs as root (.ci/run installs with apt): there a test that cannot make the nodes fails, never skips
        io.pgolab.Tool.require(run("mknod", nul.toString(), "c", "1", "3") == 0
                && run("mknod", full.toString(), "c", "1", "7") == 0, "root (mknod)");
        assertThatThrownBy(() -> Exports.write(nul, "gone")).isInstanceOf(UserError.class)
                .hasMessageStartingWith("cannot write " + nul + ": it is a character device, not a regular file");
        assertThat(type(nul)).isEqualTo("character special file");
        assertThatThrownBy(() -> Exports.write(full, "x".repeat(100_000))).isInstanceOf(UserError.class)
                .hasMessageStartingWith("cannot write " + full + ": it is a character device, not a regular file");
        assertThat(type(full)).isEqualTo("character special file");
        assertThat(Files.list(tmp)).containsExactlyInAnyOrder(nul, full);
    }

    /** A full filesystem (a 1 MiB tmpfs, as root): the path and its free space named, the old file whole, no temp left. */
    @Test
    void aFullDiskNamesThePathAndKeepsTheOldFile() throws Exception {
        Path small = Files.createDirectories(tmp.resolve("small"));
        io.pgolab.Tool.require(run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", small.toString()) == 0,
                "root (mount -t tmpfs)");
        try {
            Path f = Files.writeString(small.resolve("r.md"), "old report");
            assertThatThrownBy(() -> Exports.write(f, "x".repeat(2 << 20))).isInstanceOf(UserError.class)
                    .hasMessageStartingWith("cannot write " + f + ": no space left on device (")
                    .hasMessageContaining("free on " + small);
            assertThat(Files.readString(f)).isEqualTo("old report");
            assertThat(Files.list(small)).containsExactly(f);
        } finally {
            run("umount", "-l", small.toString());
        }
    }

    @Test
    void dashIsStdout() throws Exception {
        PrintStream old = System.out;
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(b, true, StandardCharsets.UTF_8));
            Exports.write(Path.of("-"), "to stdout\n");
        } finally {
            System.setOut(old);
        }
        assertThat(b.toString(StandardCharsets.UTF_8)).isEqualTo("to stdout\n");
        assertThat(Path.of("-")).doesNotExist();
        // a stdout that fails (a closed pipe, > /dev/full) is an error, not silence
        PrintStream broken = new PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int c) throws IOException {
                throw new IOException("No space left on device");
            }
        });
        try {
            System.setOut(broken);
            assertThatThrownBy(() -> Exports.write(Path.of("-"), "x")).isInstanceOf(UserError.class)
                    .hasMessageContaining("cannot write to stdout");
        } finally {
            System.setOut(old);
        }
    }

    @Test
    void aMissingDirectoryIsCreatedAndAnUnwritableOneNamed() throws Exception {
        Exports.write(tmp.resolve("a/b/c.csv"), "x");
        assertThat(Files.readString(tmp.resolve("a/b/c.csv"))).isEqualTo("x");
        Path file = Files.writeString(tmp.resolve("plain"), "");
        assertThatThrownBy(() -> Exports.write(file.resolve("under.md"), "x")).isInstanceOf(UserError.class)
                .hasMessage("cannot write " + file.resolve("under.md") + ": " + file + " is not a directory");
    }

    private static String type(Path p) throws Exception {
        Process pr = new ProcessBuilder("stat", "-c", "%F", p.toString()).redirectErrorStream(true).start();
        String s = new String(pr.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        pr.waitFor();
        return s;
    }

    private static int run(String... cmd) throws Exception {
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }
}
