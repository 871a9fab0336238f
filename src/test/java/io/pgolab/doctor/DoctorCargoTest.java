package io.pgolab.doctor;

import io.pgolab.Tool;
import io.pgolab.toolchain.rust.RustProfdata;
import io.pgolab.toolchain.rust.RustcInfo;
import io.pgolab.toolchain.ToolLocator;
import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'pgolab doctor' on the Rust side: rustc's LLVM, the llvm-profdata paired with it, a configured cargo project. */
class DoctorCargoTest {
    @TempDir
    Path dir;

    @Test
    void reportsRustcAndTheLlvmProfdataPairedWithIt() {
        Tool.assumeHere(ToolLocator.onPath("cargo").isPresent(), "no cargo");
        Doctor.Report r = Doctor.examine(Optional.empty(), dir.resolve("pgolab.toml"));
        Doctor.Section rust = r.sections().stream().filter(s -> s.title().equals("rust (cargo)")).findFirst().orElseThrow();
        RustcInfo rc = RustcInfo.detect(dir);
        assertThat(rust.checks()).anySatisfy(c -> {
            assertThat(c.subject()).isEqualTo("rustc " + rc.release());
            assertThat(c.detail()).contains("LLVM " + rc.llvmVersion(), rc.host());
        });
        DoctorCheck pairing = rust.checks().stream().filter(c -> c.subject().equals("llvm-profdata for rustc"))
                .findFirst().orElseThrow();
        RustProfdata.Choice choice = RustProfdata.choose(rc, Optional.empty());
        if (!choice.usable()) {
            assertThat(pairing.status()).isEqualTo(DoctorCheck.Status.MISSING);
            assertThat(pairing.fix()).startsWith("rustup component add llvm-tools");
        } else if (choice.note().isEmpty()) {
            assertThat(pairing.status()).isEqualTo(DoctorCheck.Status.OK);
            assertThat(pairing.detail()).contains("LLVM " + rc.llvmMajor(), "same LLVM as rustc");
        } else {
            assertThat(pairing.status()).isEqualTo(DoctorCheck.Status.WARN);
            assertThat(pairing.detail()).contains("raw format v");
        }
        assertThat(r.readiness()).anySatisfy(x -> {
            assertThat(x.kind()).isEqualTo("cargo");
            assertThat(x.variant()).isEqualTo("release");
            assertThat(x.buildable()).isTrue();
        });
    }

    @Test
    void aConfiguredCargoProjectWithAnUnreadableProfdataCannotBuildPgo() throws Exception {
        Path llvm14 = Path.of("/usr/bin/llvm-profdata");
        Tool.assumeHere(ToolLocator.onPath("cargo").isPresent(), "no cargo");
        Tool.assumeHere(Files.isExecutable(llvm14) && ToolLocator.llvmMajorOf(llvm14).equals(OptionalInt.of(14)), "no LLVM 14 tool");
        String text = "[project]\nvariants = [\"release\", \"pgo\"]\n\n[toolchain]\nkind = \"cargo\"\nllvm_profdata = \""
                + llvm14 + "\"\n\n[build]\nbins = [\"app\"]\n\n[[train]]\nname = \"t\"\ncommand = \"{binary} x\"\n";
        Config cfg = ConfigLoader.parse(dir.resolve("pgolab.toml"), text);
        Doctor.Report r = Doctor.examine(Optional.of(cfg), cfg.file());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.configured()).anySatisfy(x -> {
            assertThat(x.variant()).isEqualTo("pgo");
            assertThat(x.buildable()).isFalse();
            assertThat(x.fix()).contains("rustup component add llvm-tools");
        });
        assertThat(r.configured()).anySatisfy(x -> {
            assertThat(x.variant()).isEqualTo("release");
            assertThat(x.buildable()).isTrue();
        });
    }

    private Config pinnedProject(String pin, String variants) throws Exception {
        Path root = dir.resolve("crate");
        Files.createDirectories(root);
        Files.writeString(root.resolve("rust-toolchain.toml"), "[toolchain]\nchannel = \"" + pin + "\"\n");
        String text = "[project]\nroot = \"crate\"\nvariants = [" + variants + "]\n\n[toolchain]\nkind = \"cargo\"\n\n"
                + "[build]\nbins = [\"app\"]\n\n[[train]]\nname = \"t\"\ncommand = \"{binary} x\"\n";
        return ConfigLoader.parse(dir.resolve("pgolab.toml"), text);
    }

    @Test
    void aToolchainPinnedInTheProjectRootThatIsNotInstalledIsReportedAndNothingCanBeBuilt() throws Exception {
        Tool.assumeHere(ToolLocator.onPath("cargo").isPresent() && ToolLocator.onPath("rustup").isPresent(), "no rustup");
        Config cfg = pinnedProject("1.2.3", "\"release\", \"pgo+bolt\"");   // never installed anywhere
        Doctor.Report r = Doctor.examine(Optional.of(cfg), cfg.file());
        Doctor.Section rust = r.sections().stream().filter(s -> s.title().equals("rust (cargo)")).findFirst().orElseThrow();
        assertThat(rust.checks()).anySatisfy(c -> {
            assertThat(c.status()).isEqualTo(DoctorCheck.Status.MISSING);
            assertThat(c.detail()).contains("1.2.3-", "pinned by " + dir.resolve("crate/rust-toolchain.toml"), "not installed");
            assertThat(c.fix()).startsWith("rustup toolchain install 1.2.3-").contains("--component llvm-tools");
        });
        assertThat(r.configured()).isNotEmpty().allSatisfy(x -> assertThat(x.buildable()).isFalse());
        assertThat(r.exitCode()).isEqualTo(1);
    }

    @Test
    void theToolchainPinnedInTheProjectRootIsTheOneReportedAndPaired() throws Exception {
        Tool.assumeHere(ToolLocator.onPath("cargo").isPresent() && ToolLocator.onPath("rustup").isPresent(), "no rustup");
        Path probe = dir.resolve("probe");
        Files.createDirectories(probe);
        Files.writeString(probe.resolve("rust-toolchain"), "nightly\n");   // the legacy file
        RustcInfo nightly;
        try {
            nightly = RustcInfo.detect(probe);
        } catch (io.pgolab.UserError e) {
            Tool.assumeHere(false, "no nightly toolchain installed: " + e.getMessage());
            return;
        }
        Config cfg = pinnedProject("nightly", "\"release\", \"pgo\"");
        Doctor.Report r = Doctor.examine(Optional.of(cfg), cfg.file());
        Doctor.Section rust = r.sections().stream().filter(s -> s.title().equals("rust (cargo)")).findFirst().orElseThrow();
        assertThat(rust.checks()).anySatisfy(c -> {
            assertThat(c.subject()).isEqualTo("rust toolchain");
            assertThat(c.detail()).startsWith("nightly-").contains(dir.resolve("crate/rust-toolchain.toml").toString());
        });
        assertThat(rust.checks()).anySatisfy(c -> assertThat(c.subject()).isEqualTo("rustc " + nightly.release()));
        DoctorCheck pairing = rust.checks().stream().filter(c -> c.subject().equals("llvm-profdata for rustc"))
                .findFirst().orElseThrow();
        if (pairing.status() != DoctorCheck.Status.OK) {
            assertThat(pairing.fix()).contains("--toolchain nightly-");
        }
        assertThat(r.configured()).anySatisfy(x -> {
            assertThat(x.variant()).isEqualTo("release");
            assertThat(x.buildable()).isTrue();
        });
    }
}
