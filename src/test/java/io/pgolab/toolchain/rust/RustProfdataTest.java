package io.pgolab.toolchain.rust;

import io.pgolab.Tool;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.toolchain.llvm.LlvmRawHeader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** Pairing llvm-profdata with rustc's LLVM: exact, compatible raw format (with a note), or refused. */
class RustProfdataTest {
    static RustProfdata.Candidate c(String path, int major, String origin) {
        return new RustProfdata.Candidate(Path.of(path), major, origin);
    }

    @Test
    void prefersTheSameMajorWherever() {
        var choice = RustProfdata.decide(22, "1.95.0", List.of(c("/usr/lib/llvm-19/bin/llvm-profdata", 19, "llvm-19"),
                c("/rustup/llvm-profdata", 22, "rustup llvm-tools")), false);
        assertThat(choice.path()).isEqualTo(Path.of("/rustup/llvm-profdata"));
        assertThat(choice.note()).isEmpty();
    }

    @Test
    void acceptsAnOlderMajorWithTheSameRawFormatAndSaysSo() {
        var choice = RustProfdata.decide(22, "1.95.0", List.of(c("/usr/bin/llvm-profdata", 14, "PATH"),
                c("/usr/lib/llvm-19/bin/llvm-profdata", 19, "llvm-19")), false);
        assertThat(choice.path()).isEqualTo(Path.of("/usr/lib/llvm-19/bin/llvm-profdata"));
        assertThat(choice.note()).isEqualTo("llvm-profdata 19 used for rustc 1.95.0 (LLVM 22): raw format v10 read by"
                + " both; install llvm-tools for an exact match: rustup component add llvm-tools");
    }

    @Test
    void refusesAToolOfAnotherRawFormatWithTheInstallCommand() {
        var choice = RustProfdata.decide(22, "1.95.0", List.of(c("/usr/bin/llvm-profdata", 14, "PATH")), false);
        assertThat(choice.usable()).isFalse();
        assertThat(choice.problem()).contains("writes raw profile format v10", "/usr/bin/llvm-profdata is LLVM 14 (raw format v8)");
        assertThat(choice.fix()).startsWith("rustup component add llvm-tools").contains("apt-get install -y llvm-22");
    }

    @Test
    void refusesANewerMajorBecauseRustcCouldNotReadItsOutput() {
        // LLVM 23 writes and reads raw v11; rustc's LLVM 22 writes v10.
        var choice = RustProfdata.decide(22, "1.95.0", List.of(c("/opt/llvm-23/bin/llvm-profdata", 23, "llvm-23")), false);
        assertThat(choice.usable()).isFalse();
        assertThat(RustProfdata.decide(22, "1.95.0", List.of(), false).problem()).contains("none is installed");
    }

    @Test
    void debiansLlvm14IsRefusedWhenConfiguredExplicitly() {
        Path plain = Path.of("/usr/bin/llvm-profdata");
        Tool.assumeHere(Files.isExecutable(plain) && ToolLocator.llvmMajorOf(plain).equals(OptionalInt.of(14)),
                "no LLVM 14 /usr/bin/llvm-profdata here");
        Tool.assumeHere(ToolLocator.onPath("rustc").isPresent(), "no rustc");
        RustcInfo rc = RustcInfo.detect(Path.of("."));
        Tool.assumeHere(LlvmRawHeader.newestReadableBy(rc.llvmMajor()) != 8, "rustc's LLVM writes the raw format LLVM 14 reads");
        var choice = RustProfdata.choose(rc, Optional.of(plain.toString()));
        assertThat(choice.usable()).isFalse();
        assertThat(choice.problem()).startsWith("toolchain.llvm_profdata does not fit rustc " + rc.release());
        assertThatThrownBy(() -> new CargoToolchain(rc, choice, Optional.empty(), Path.of("/tmp"), null)
                .require(io.pgolab.config.Variant.PGO))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("variant 'pgo' needs an llvm-profdata that reads rustc's profiles")
                .satisfies(e -> assertThat(((UserError) e).hint()).startsWith("rustup component add llvm-tools"));
    }
}
