package io.pgolab.doctor;

import io.pgolab.toolchain.GccInstall;
import io.pgolab.toolchain.GccToolchain;
import java.util.ArrayList;
import java.util.List;

/**
 * The "partial training" line of each toolchain's doctor section: whether [toolchain] partial_training
 * (GCC's -fprofile-partial-training) is there, and for the others what comes nearest (pure).
 */
final class PartialTrainingCheck {
    static final String SUBJECT = "partial training";

    private PartialTrainingCheck() {
    }

    static DoctorCheck gcc(GccInstall g) {
        if (g.major() >= GccToolchain.PARTIAL_TRAINING_MIN_MAJOR) {
            return DoctorCheck.ok(SUBJECT, "supported (gcc >= " + GccToolchain.PARTIAL_TRAINING_MIN_MAJOR
                    + "): [toolchain] partial_training = true adds " + GccToolchain.PARTIAL_TRAINING
                    + " to the pgo builds");
        }
        return DoctorCheck.info(SUBJECT, "not supported: gcc " + g.version() + " is older than "
                + GccToolchain.PARTIAL_TRAINING_MIN_MAJOR + " (no " + GccToolchain.PARTIAL_TRAINING + ")",
                "install gcc " + GccToolchain.PARTIAL_TRAINING_MIN_MAJOR + " or newer");
    }

    static DoctorCheck clang() {
        return DoctorCheck.info(SUBJECT, "not offered: clang has no " + GccToolchain.PARTIAL_TRAINING
                + "; code the training never ran is size-optimized by LLVM's PGSO, and -mllvm -pgso=false"
                + " in build.cflags/ldflags is the nearest (pgolab does not set it)", "");
    }

    static DoctorCheck cargo() {
        return DoctorCheck.info(SUBJECT, "not offered: rustc (LLVM) has no " + GccToolchain.PARTIAL_TRAINING
                + "; -Cllvm-args=-pgso=false is the nearest (pgolab does not set it)", "");
    }

    static DoctorCheck go() {
        return DoctorCheck.info(SUBJECT, "not needed: Go's PGO only inlines and devirtualizes hot calls;"
                + " code the profile missed is compiled as without PGO", "");
    }

    /** checks with the partial-training line appended, when the toolchain itself was found. */
    static List<DoctorCheck> with(List<DoctorCheck> checks, DoctorCheck line) {
        List<DoctorCheck> out = new ArrayList<>(checks);
        out.add(line);
        return List.copyOf(out);
    }
}
