package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.starter.StoreIgnore.Outcome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'pgolab init' keeps .pgolab/ out of git: the line added once, the file's own bytes kept as they were. */
class StoreIgnoreTest {
    @TempDir
    Path tmp;

    private Path repo(String name) throws Exception {
        return Files.createDirectories(tmp.resolve(name).resolve(".git")).getParent();
    }

    @Test
    void writtenWhenMissingAppendedOnceOtherwise() throws Exception {
        Path none = repo("none");
        assertThat(StoreIgnore.ensure(none).outcome()).isEqualTo(Outcome.CREATED);
        assertThat(none.resolve(".gitignore")).hasContent(".pgolab/\n");
        assertThat(StoreIgnore.ensure(none).outcome()).isEqualTo(Outcome.PRESENT);
        assertThat(Files.readString(none.resolve(".gitignore"))).isEqualTo(".pgolab/\n");

        Path noNewline = repo("nonl");
        Files.writeString(noNewline.resolve(".gitignore"), "build/\n*.o");
        assertThat(StoreIgnore.ensure(noNewline).outcome()).isEqualTo(Outcome.ADDED);
        assertThat(StoreIgnore.ensure(noNewline).outcome()).isEqualTo(Outcome.PRESENT);
        assertThat(Files.readString(noNewline.resolve(".gitignore"))).isEqualTo("build/\n*.o\n.pgolab/\n");

        Path empty = repo("empty");
        Files.writeString(empty.resolve(".gitignore"), "");
        assertThat(StoreIgnore.ensure(empty).outcome()).isEqualTo(Outcome.ADDED);
        assertThat(empty.resolve(".gitignore")).hasContent(".pgolab/\n");
    }

    /** CRLF line ends, a byte order mark and bytes that are not UTF-8 stay; the line is added in the file's style. */
    @Test
    void theFilesOwnBytesAndLineEndsStay() throws Exception {
        Path crlf = repo("crlf");
        byte[] old = "\u00ef\u00bb\u00bfbuild/\r\ncaf\u00e9\u00ff/\r\n".getBytes(StandardCharsets.ISO_8859_1);
        Files.write(crlf.resolve(".gitignore"), old);
        assertThat(StoreIgnore.ensure(crlf).outcome()).isEqualTo(Outcome.ADDED);
        assertThat(new String(Files.readAllBytes(crlf.resolve(".gitignore")), StandardCharsets.ISO_8859_1))
                .isEqualTo(new String(old, StandardCharsets.ISO_8859_1) + ".pgolab/\r\n");
        assertThat(StoreIgnore.ensure(crlf).outcome()).isEqualTo(Outcome.PRESENT);
    }

    /** The forms git reads as ignoring .pgolab here; an anchored one above the directory does not; a negation wins. */
    @Test
    void whatGitAlreadyIgnoresIsNotAddedAgain() throws Exception {
        for (String line : new String[] {".pgolab", "/.pgolab/", "**/.pgolab/", ".pgolab/   ", ".pgolab/\r"}) {
            Path d = repo("r" + Math.abs(line.hashCode()));
            Files.writeString(d.resolve(".gitignore"), "# store\n" + line + "\n");
            assertThat(StoreIgnore.ensure(d).outcome()).as(line).isEqualTo(Outcome.PRESENT);
            assertThat(d.resolve(".gitignore")).hasContent("# store\n" + line + "\n");
        }
        Path bom = repo("bom");
        Files.writeString(bom.resolve(".gitignore"), "\ufeff.pgolab/\n");
        assertThat(StoreIgnore.ensure(bom).outcome()).isEqualTo(Outcome.PRESENT);

        Path root = repo("above");
        Path sub = Files.createDirectories(root.resolve("bench"));
        Files.writeString(root.resolve(".gitignore"), ".pgolab/\n");
        assertThat(StoreIgnore.ensure(sub).outcome()).isEqualTo(Outcome.PRESENT);
        assertThat(sub.resolve(".gitignore")).doesNotExist();
        Files.writeString(root.resolve(".gitignore"), "/.pgolab/\n");   // the root's store only
        assertThat(StoreIgnore.ensure(sub).outcome()).isEqualTo(Outcome.CREATED);

        Path negated = repo("negated");
        Files.writeString(negated.resolve(".gitignore"), ".pgolab/\n!.pgolab/\n");
        StoreIgnore.Result r = StoreIgnore.ensure(negated);
        assertThat(r.outcome()).isEqualTo(Outcome.UNIGNORED);
        assertThat(r.reason()).contains("!.pgolab/");
        assertThat(negated.resolve(".gitignore")).hasContent(".pgolab/\n!.pgolab/\n");
        Files.writeString(negated.resolve(".gitignore"), "!.pgolab/\n.pgolab/\n");
        assertThat(StoreIgnore.ensure(negated).outcome()).isEqualTo(Outcome.PRESENT);
    }

    /** git does not read a .gitignore that is a symbolic link: its target is not written to, nor a directory's. */
    @Test
    void aSymbolicLinkOrADirectoryIsLeftAlone() throws Exception {
        Path target = Files.writeString(tmp.resolve("elsewhere"), "x\n");
        Path link = repo("link");
        Files.createSymbolicLink(link.resolve(".gitignore"), target);
        StoreIgnore.Result r = StoreIgnore.ensure(link);
        assertThat(r.outcome()).isEqualTo(Outcome.NOT_WRITTEN);
        assertThat(r.reason()).contains("symbolic link");
        assertThat(target).hasContent("x\n");

        Path dangling = repo("dangling");
        Files.createSymbolicLink(dangling.resolve(".gitignore"), tmp.resolve("nowhere"));
        assertThat(StoreIgnore.ensure(dangling).outcome()).isEqualTo(Outcome.NOT_WRITTEN);
        assertThat(tmp.resolve("nowhere")).doesNotExist();

        Path dir = repo("dir");
        Files.createDirectories(dir.resolve(".gitignore"));
        assertThat(StoreIgnore.ensure(dir).outcome()).isEqualTo(Outcome.NOT_WRITTEN);
    }
}
