package io.pgolab.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.llvm.ClangInstall;
import io.pgolab.toolchain.gcc.GccInstall;
import io.pgolab.toolchain.go.GoInstall;
import io.pgolab.toolchain.detect.Installs;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Each toolchain's doctor section says whether [toolchain] partial_training is there (fabricated installs). */
class DoctorPartialTrainingTest {
    private static GccInstall gcc(int major, String version) {
        return new GccInstall(Path.of("/opt/fake/bin/gcc"), major, version, Optional.of(Path.of("/opt/fake/bin/gcov-tool")),
                Optional.of(Path.of("/opt/fake/bin/gcov-dump")), Optional.empty(), Optional.empty());
    }

    private static DoctorCheck line(Doctor.Report r, String sectionPrefix) {
        Doctor.Section s = r.sections().stream().filter(x -> x.title().startsWith(sectionPrefix)).findFirst().orElseThrow();
        return s.checks().stream().filter(c -> c.subject().equals("partial training")).findFirst().orElseThrow();
    }

    @Test
    void gccTenAndNewerSupportItOlderOnesDoNot() {
        assertThat(PartialTrainingCheck.gcc(gcc(12, "12.2.0"))).isEqualTo(DoctorCheck.ok("partial training",
                "supported (gcc >= 10): the pgo builds get -fprofile-partial-training unless [toolchain] partial_training = false"));
        assertThat(PartialTrainingCheck.gcc(gcc(10, "10.1.0")).status()).isEqualTo(DoctorCheck.Status.OK);
        DoctorCheck old = PartialTrainingCheck.gcc(gcc(9, "9.4.0"));
        assertThat(old.status()).isEqualTo(DoctorCheck.Status.INFO);
        assertThat(old.detail()).startsWith("not supported: gcc 9.4.0 is older than 10 (no -fprofile-partial-training)")
                .contains("partial_training = false");
    }

    @Test
    void everyToolchainSectionHasTheLine() {
        ClangInstall clang = new ClangInstall(Path.of("/opt/fake/clang"), 19, "19.1.7", true, Map.of(), Optional.empty());
        GoInstall go = new GoInstall(Path.of("/opt/fake/go/bin/go"), true, "go1.26.8\n");
        Installs in = new Installs(List.of(19), List.of(clang), Optional.of(gcc(12, "12.2.0")), Optional.of(go),
                Optional.empty(), List.of(), Optional.empty(), Optional.empty());
        Doctor.Report r = DoctorReport.assemble(new DoctorFacts(in, HostFacts.none(), Optional.empty(), Path.of("/p/pgolab.toml")));
        assertThat(line(r, "gcc").status()).isEqualTo(DoctorCheck.Status.OK);
        assertThat(line(r, "clang 19").status()).isEqualTo(DoctorCheck.Status.OK);
        assertThat(line(r, "clang 19").detail()).startsWith("on unless [toolchain] partial_training = false")
                .contains("llvm-profdata merge --sparse");
        assertThat(line(r, "go").detail()).startsWith("not needed: Go's PGO only inlines and devirtualizes hot calls");
        // No gcc, no go, no cargo installed: no line claims anything about them.
        Installs none = new Installs(List.of(), List.of(), Optional.empty(), Optional.empty(), Optional.empty(), List.of(),
                Optional.empty(), Optional.empty());
        Doctor.Report empty = DoctorReport.assemble(new DoctorFacts(none, HostFacts.none(), Optional.empty(), Path.of("/p/x")));
        assertThat(empty.sections().stream().flatMap(s -> s.checks().stream()))
                .noneMatch(c -> c.subject().equals("partial training"));
    }

    @Test
    void cargoSaysItIsOn() {
        assertThat(PartialTrainingCheck.cargo().detail()).startsWith("on unless [toolchain] partial_training = false")
                .contains("rustc compiles them as release does");
        assertThat(PartialTrainingCheck.cargo().status()).isEqualTo(DoctorCheck.Status.OK);
    }
}
