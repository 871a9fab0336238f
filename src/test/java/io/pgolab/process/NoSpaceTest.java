package io.pgolab.process;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.UserError;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a full disk is called, from the output of the tools that hit it. */
class NoSpaceTest {
    @TempDir
    Path tmp;

    @Test
    void thePathATooFullWriteNamesIsFoundInTheUsualFormats() {
        assertThat(NoSpace.pathIn("dd: error writing '/data/x.bin': No space left on device")).contains(Path.of("/data/x.bin"));
        assertThat(NoSpace.pathIn("LLVM Profile Error: Failed to write file \"/p/default.profraw\": No space left on device"))
                .contains(Path.of("/p/default.profraw"));
        assertThat(NoSpace.pathIn("/srv/out/log.txt: No space left on device")).contains(Path.of("/srv/out/log.txt"));
        assertThat(NoSpace.pathIn("yes: standard output: No space left on device")).isEmpty();
        assertThat(NoSpace.pathIn("head: error writing 'standard output': No space left on device")).isEmpty();
    }

    @Test
    void aFailedCommandThatSaysENOSPCIsNamedWithItsLineAndAFilesystem() {
        UserError e = NoSpace.check("'make'", List.of(), "cc1: fatal error: cannot write 'obj/a.o': No space left on device\n",
                tmp).orElseThrow();
        // this disk is not full: the command's word is taken, and its work directory's filesystem named
        assertThat(e.getMessage()).startsWith("no space left on ").contains(" free) for 'make', which says: cc1: fatal error");
        assertThat(e.hint()).contains("the command writes there").doesNotContain("TMPDIR");
        assertThat(NoSpace.check("'make'", List.of(tmp.resolve("log")), "error: no rule to make target", tmp)).isEmpty();
        UserError shell = NoSpace.check(List.of("/bin/bash", "-c", "dd if=/dev/zero of=/data/x"), List.of(),
                "dd: error writing '/data/x': No space left on device", tmp).orElseThrow();
        assertThat(shell.getMessage()).contains(" for 'dd if=/dev/zero of=/data/x', which says: dd: error writing");
        assertThat(NoSpace.pathsIn("/usr/bin/ld: final link failed: No space left on device"))
                .containsExactly(Path.of("/usr/bin/ld"));
    }

    @Test
    void tmpdirFilesGetTheTmpdirHintAndAProjectUnderTmpDoesNot() {
        Path scratch = Scratch.root().resolve("run-1-2/exec.out");
        assertThat(NoSpace.hint(scratch)).contains("set TMPDIR");
        assertThat(NoSpace.hint(Scratch.root().getParent().resolve("myproject/.pgolab/logs/x.log")))
                .contains("move the project").doesNotContain("TMPDIR");
        assertThat(NoSpace.name("gcc --version\n\u001b[2J")).isEqualTo("'gcc --version \\e[2J'");
    }
}
