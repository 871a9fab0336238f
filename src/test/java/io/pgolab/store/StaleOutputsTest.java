package io.pgolab.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.toolchain.CompileRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Outputs of an earlier build are no variant (an lto build without an LTO link: LtoAuditTest). */
class StaleOutputsTest {
    @TempDir
    Path tmp;

    private static final Path CONFIG = Path.of("/p/pgolab.toml");

    private CompileRecord rec(String... args) {
        return new CompileRecord(1, tmp, false, Optional.empty(), List.of(args));
    }

    @Test
    void anArtifactTheBuildDidNotRewriteFailsNamingTheEarlierObjects() throws Exception {
        Path prog = Files.writeString(tmp.resolve("prog"), "old binary");
        Files.writeString(tmp.resolve("a.o"), "old object");
        long started = System.currentTimeMillis() + 1000;   // both files predate the build command
        Optional<StaleOutputs.Before> before = StaleOutputs.Before.of(prog);
        assertThatThrownBy(() -> StaleOutputs.check("lto", "make -j4", before, List.of(), tmp, true, started, CONFIG))
                .isInstanceOf(UserError.class)
                .hasMessage("building variant 'lto': make compiled nothing: the tree holds earlier build outputs (prog"
                        + " existed before the build command ran and the build did not rewrite it; the tree holds 1"
                        + " object/archive file(s) from before the build (a.o))")
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("clean = \"make clean\"", "exclude",
                        CONFIG.toString(), "copy_sources"));
    }

    @Test
    void anArtifactOutsideTheBuildIsNamedAsSuchNotAsEarlierOutputs() throws Exception {
        // build.artifact = "/bin/true": not written by the build, and nowhere the build writes
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path prog = Files.writeString(elsewhere.resolve("true"), "a system program");
        Path src = Files.createDirectories(tmp.resolve("proj/src"));
        Path config = tmp.resolve("proj/pgolab.toml");
        Optional<StaleOutputs.Before> before = StaleOutputs.Before.of(prog);
        assertThatThrownBy(() -> StaleOutputs.check("release", "make", before, List.of(), src, false,
                System.currentTimeMillis() + 1000, config))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("build.artifact is " + prog + ", which is outside the build's directories")
                .hasMessageNotContaining("earlier build outputs")
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("{builddir}/prog"));
        // the same stale file inside the store ({builddir}) is the earlier-outputs case
        Path inStore = Files.writeString(Files.createDirectories(tmp.resolve("proj/.pgolab/build/release")).resolve("prog"), "old");
        assertThatThrownBy(() -> StaleOutputs.check("release", "make", StaleOutputs.Before.of(inStore), List.of(), src,
                false, System.currentTimeMillis() + 1000, config)).hasMessageContaining("earlier build outputs");
    }

    @Test
    void aRewrittenArtifactPassesEvenWithTheSameBytes() throws Exception {
        Path prog = Files.writeString(tmp.resolve("prog"), "same bytes");
        Optional<StaleOutputs.Before> before = StaleOutputs.Before.of(prog);
        Files.setLastModifiedTime(prog, FileTime.fromMillis(System.currentTimeMillis() + 5000));   // a link wrote it
        Files.writeString(tmp.resolve("a.c"), "int main(void){return 0;}");
        assertThatCode(() -> StaleOutputs.check("release", "make", before,
                List.of(rec("-O2", "-c", "a.c", "-o", "a.o"), rec("a.o", "-o", "prog")), tmp, true,
                System.currentTimeMillis(), CONFIG)).doesNotThrowAnyException();
        // An artifact that did not exist before the build: nothing to compare.
        assertThatCode(() -> StaleOutputs.check("release", "make", Optional.empty(), List.of(), tmp, false,
                System.currentTimeMillis(), CONFIG)).doesNotThrowAnyException();
    }

    @Test
    void aLinkOfEarlierObjectsWithNoCompileIsStaleToo() throws Exception {
        Files.writeString(tmp.resolve("a.o"), "old object");
        long started = System.currentTimeMillis() + 1000;
        assertThatThrownBy(() -> StaleOutputs.check("release", "cmake --build b", Optional.empty(),
                List.of(rec("a.o", "-o", "prog")), tmp, false, started, CONFIG))
                .hasMessageContaining("the build command compiled nothing: the tree holds earlier build outputs (the link"
                        + " used a.o from before the build command ran, and nothing was compiled")
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("build into {builddir}"));
    }

    @Test
    void builderNamesMakeOnlyForMake() {
        assertThat(StaleOutputs.builder("make -C {srcdir} -j4")).isEqualTo("make");
        assertThat(StaleOutputs.builder("/usr/bin/gmake&&x")).isEqualTo("make");
        assertThat(StaleOutputs.builder("  ninja -C b")).isEqualTo("the build command");
        assertThat(StaleOutputs.builder("")).isEqualTo("the build command");
    }
}
