package io.pgolab.toolchain;

import io.pgolab.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * cargo and rustc (as rustup selects them for a directory), rustc's LLVM, and the llvm-profdata
 * paired with it. The one discovery of Rust: the cargo toolchain builds with {@link #detect}'s
 * result, and 'pgolab doctor' reports {@link #discover}.
 *
 * @param rustupProfdata rustup's llvm-tools llvm-profdata for this toolchain, when installed
 */
public record RustInstall(RustcInfo rustc, RustProfdata.Choice profdata, Optional<Path> rustupProfdata) {

    /** Fails with the install hint when there is no working cargo/rustc, or llvmProfdata is not found. */
    public static RustInstall detect(Path dir, Optional<String> llvmProfdata) {
        RustcInfo rc = RustcInfo.detect(dir);
        Path rustup = rc.llvmToolsDir().resolve("llvm-profdata");
        return new RustInstall(rc, RustProfdata.choose(rc, llvmProfdata),
                Files.isExecutable(rustup) ? Optional.of(rustup) : Optional.empty());
    }

    /** A working cargo and rustc on PATH, paired with an llvm-profdata the way the build pairs them. */
    public static Optional<RustInstall> discover(Path dir) {
        if (ToolLocator.onPath("cargo").isEmpty() || ToolLocator.onPath("rustc").isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(detect(dir, Optional.empty()));
        } catch (UserError e) {
            return Optional.empty();
        }
    }
}
