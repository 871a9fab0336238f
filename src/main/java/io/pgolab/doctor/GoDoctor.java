package io.pgolab.doctor;

import io.pgolab.toolchain.GoToolchain;
import io.pgolab.process.Exec;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/** The 'go' section of 'pgolab doctor': which go the go toolchain would use, and whether it can do PGO. */
final class GoDoctor {
    private static final String INSTALL = "install Go 1." + GoToolchain.MIN_MINOR + " or newer from https://go.dev/dl/";

    private GoDoctor() {
    }

    static List<DoctorCheck> checks() {
        Optional<Path> go = GoToolchain.find(Optional.empty());
        if (go.isEmpty()) {
            return List.of(DoctorCheck.info("go", "not installed (needed only for toolchain kind \"go\")", INSTALL));
        }
        String v = Exec.quietOutput(List.of(go.get().toString(), "env", "GOVERSION")).strip();
        OptionalInt minor = GoToolchain.minor(v);
        if (minor.isEmpty()) {
            return List.of(DoctorCheck.warn("go", go.get() + " did not report a Go version ('" + v + "')", INSTALL));
        }
        DoctorCheck found = DoctorCheck.ok(v, go.get().toString());
        DoctorCheck pgo = minor.getAsInt() >= GoToolchain.MIN_MINOR
                ? DoctorCheck.ok("pgo", "supported: -pgo=FILE with CPU profiles from the program's own pprof flag"
                        + " (no LTO or BOLT for Go)")
                : DoctorCheck.missing("pgo", v + " is too old for pgolab's Go PGO (needs Go 1." + GoToolchain.MIN_MINOR
                        + "; 1.20 had -pgo only as a preview, older versions none)", INSTALL);
        return List.of(found, pgo);
    }
}
