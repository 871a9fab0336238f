package io.pgolab.doctor;

import io.pgolab.toolchain.RustProfdata;
import io.pgolab.toolchain.CargoToolchain;
import io.pgolab.toolchain.RustcInfo;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The Rust part of 'pgolab doctor': cargo, rustc and its LLVM, and the llvm-profdata paired with it. */
final class DoctorRust {
    /** What was found: rustc's facts and the pairing CargoToolchain would make. */
    record Found(RustcInfo rustc, RustProfdata.Choice profdata) {
        String label() {
            return "cargo (rustc " + rustc.release() + ")";
        }
    }

    private DoctorRust() {
    }

    static Optional<Found> find(Path dir) {
        if (ToolLocator.onPath("cargo").isEmpty() || ToolLocator.onPath("rustc").isEmpty()) {
            return Optional.empty();
        }
        try {
            RustcInfo rc = RustcInfo.detect(dir);
            return Optional.of(new Found(rc, RustProfdata.choose(rc, Optional.empty())));
        } catch (UserError e) {
            return Optional.empty();
        }
    }

    static List<DoctorCheck> checks(Optional<Found> found) {
        List<DoctorCheck> out = new ArrayList<>();
        if (found.isEmpty()) {
            out.add(DoctorCheck.info("cargo", "no working cargo/rustc on PATH (needed for kind = \"cargo\")",
                    "install Rust with rustup (https://rustup.rs), then: rustup component add llvm-tools"));
            return out;
        }
        RustcInfo rc = found.get().rustc();
        RustProfdata.Choice p = found.get().profdata();
        out.add(DoctorCheck.ok("rustc " + rc.release(), "LLVM " + rc.llvmVersion() + ", host " + rc.host() + "  " + rc.rustc()));
        out.add(DoctorCheck.ok("cargo", rc.cargoVersion()));
        Path rustup = rc.llvmToolsDir().resolve("llvm-profdata");
        out.add(Files.isExecutable(rustup)
                ? DoctorCheck.ok("rustup llvm-tools", rustup.toString())
                : DoctorCheck.info("rustup llvm-tools", "not installed (the exact llvm-profdata for rustc's LLVM "
                        + rc.llvmMajor() + ")", "rustup component add llvm-tools"));
        String subject = "llvm-profdata for rustc";
        if (!p.usable()) {
            out.add(DoctorCheck.missing(subject, p.problem() + "; needed for pgo", p.fix()));
        } else if (p.note().isEmpty()) {
            out.add(DoctorCheck.ok(subject, "LLVM " + p.tool().get().major() + " " + p.path() + " (" + p.tool().get().origin()
                    + "), same LLVM as rustc"));
        } else {
            out.add(DoctorCheck.warn(subject, p.path() + ": " + p.note(), "rustup component add llvm-tools"));
        }
        return out;
    }
}
