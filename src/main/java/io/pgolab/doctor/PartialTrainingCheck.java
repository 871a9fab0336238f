package io.pgolab.doctor;

import io.pgolab.toolchain.gcc.GccInstall;
import io.pgolab.toolchain.gcc.GccToolchain;
import java.util.ArrayList;
import java.util.List;

/**
 * The "partial training" line of each toolchain's doctor section: how [toolchain] partial_training (code
 * training never ran keeps release's code) works there, or why Go needs none (pure).
 */
final class PartialTrainingCheck {
    static final String SUBJECT = "partial training";

    private PartialTrainingCheck() {
    }

    static DoctorCheck gcc(GccInstall g) {
        if (g.major() >= GccToolchain.PARTIAL_TRAINING_MIN_MAJOR) {
            return DoctorCheck.ok(SUBJECT, "supported (gcc >= " + GccToolchain.PARTIAL_TRAINING_MIN_MAJOR
                    + "): the pgo builds get " + GccToolchain.PARTIAL_TRAINING + " unless [toolchain] partial_training = false");
        }
        return DoctorCheck.info(SUBJECT, "not supported: gcc " + g.version() + " is older than "
                + GccToolchain.PARTIAL_TRAINING_MIN_MAJOR + " (no " + GccToolchain.PARTIAL_TRAINING + "), so its pgo builds"
                + " need [toolchain] partial_training = false and optimize code training never ran for size",
                "install gcc " + GccToolchain.PARTIAL_TRAINING_MIN_MAJOR + " or newer");
    }

    static DoctorCheck clang() {
        return DoctorCheck.ok(SUBJECT, "on unless [toolchain] partial_training = false: the pgo builds read the"
                + " profile without the functions training never ran (llvm-profdata merge --sparse), so clang compiles"
                + " them as release does instead of for size");
    }

    static DoctorCheck cargo() {
        return DoctorCheck.ok(SUBJECT, "on unless [toolchain] partial_training = false: the pgo builds read the"
                + " profile without the functions training never ran (llvm-profdata merge --sparse), so rustc compiles"
                + " them as release does instead of for size");
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
