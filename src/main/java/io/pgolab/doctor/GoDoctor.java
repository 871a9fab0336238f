package io.pgolab.doctor;

import io.pgolab.toolchain.go.GoInstall;
import io.pgolab.toolchain.go.GoToolchain;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** The 'go' section of 'pgolab doctor': which go the go toolchain would use, and whether it can do PGO (pure). */
final class GoDoctor {
    private static final String INSTALL = "install Go 1." + GoToolchain.MIN_MINOR + " or newer from https://go.dev/dl/";

    private GoDoctor() {
    }

    static List<DoctorCheck> checks(Optional<GoInstall> found) {
        if (found.isEmpty()) {
            return List.of(DoctorCheck.info("go", "not installed (needed only for toolchain kind \"go\")", INSTALL));
        }
        GoInstall go = found.get();
        String v = go.goVersion();
        OptionalInt minor = go.minor();
        if (minor.isEmpty()) {
            return List.of(DoctorCheck.warn("go", go.go() + " did not report a Go version ('" + v + "')", INSTALL));
        }
        DoctorCheck ok = DoctorCheck.ok(v, go.go().toString());
        DoctorCheck pgo = minor.getAsInt() >= GoToolchain.MIN_MINOR
                ? DoctorCheck.ok("pgo", "supported: -pgo=FILE with CPU profiles from the program's own pprof flag"
                        + " (no LTO or BOLT for Go)")
                : DoctorCheck.missing("pgo", v + " is too old for pgolab's Go PGO (needs Go 1." + GoToolchain.MIN_MINOR
                        + "; 1.20 had -pgo only as a preview, older versions none)", INSTALL);
        return List.of(ok, pgo);
    }
}
