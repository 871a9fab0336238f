package io.pgolab.doctor;

import io.pgolab.toolchain.rust.RustInstall;
import io.pgolab.toolchain.rust.RustProfdata;
import io.pgolab.toolchain.rust.RustcInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The Rust part of 'pgolab doctor': cargo, rustc and its LLVM, and the llvm-profdata paired with it (pure). */
final class DoctorRust {
    private DoctorRust() {
    }

    static List<DoctorCheck> checks(Optional<RustInstall> found) {
        return checks(found, Optional.empty());
    }

    /** problem: why cargo and rustc on PATH do not run in the project (its pinned toolchain is not installed). */
    static List<DoctorCheck> checks(Optional<RustInstall> found, Optional<RustInstall.Problem> problem) {
        List<DoctorCheck> out = new ArrayList<>();
        if (found.isEmpty() && problem.isPresent()) {
            out.add(DoctorCheck.missing("rust toolchain", problem.get().message() + "; needed for kind = \"cargo\"",
                    problem.get().fix()));
            return out;
        }
        if (found.isEmpty()) {
            out.add(DoctorCheck.info("cargo", "no working cargo/rustc on PATH (needed for kind = \"cargo\")",
                    "install Rust with rustup (https://rustup.rs), then: rustup component add llvm-tools"));
            return out;
        }
        RustcInfo rc = found.get().rustc();
        RustProfdata.Choice p = found.get().profdata();
        found.get().toolchain().ifPresent(t -> out.add(DoctorCheck.ok("rust toolchain", t.describe())));
        out.add(DoctorCheck.ok("rustc " + rc.release(), "LLVM " + rc.llvmVersion() + ", host " + rc.host() + "  " + rc.rustc()));
        out.add(DoctorCheck.ok("cargo", rc.cargoVersion()));
        out.add(found.get().rustupProfdata()
                .map(r -> DoctorCheck.ok("rustup llvm-tools", r.toString()))
                .orElse(DoctorCheck.info("rustup llvm-tools", "not installed (the exact llvm-profdata for rustc's LLVM "
                        + rc.llvmMajor() + ")", "rustup component add llvm-tools"
                        + found.get().toolchain().map(t -> " --toolchain " + t.toolchain()).orElse(""))));
        String subject = "llvm-profdata for rustc";
        if (!p.usable()) {
            out.add(DoctorCheck.missing(subject, p.problem() + "; needed for pgo", p.fix()));
        } else if (p.note().isEmpty()) {
            out.add(DoctorCheck.ok(subject, "LLVM " + p.tool().get().major() + " " + p.path() + " (" + p.tool().get().origin()
                    + "), same LLVM as rustc"));
        } else {
            out.add(DoctorCheck.warn(subject, p.path() + ": " + p.note(), "rustup component add llvm-tools"
                    + found.get().toolchain().map(t -> " --toolchain " + t.toolchain()).orElse("")));
        }
        return out;
    }
}
