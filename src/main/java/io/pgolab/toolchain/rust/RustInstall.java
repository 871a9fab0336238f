package io.pgolab.toolchain.rust;

import io.pgolab.UserError;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * cargo and rustc (as rustup selects them for a directory), rustc's LLVM, and the llvm-profdata
 * paired with it. The one discovery of Rust: the cargo toolchain builds with {@link #detect}'s
 * result, and 'pgolab doctor' reports {@link #discover}.
 *
 * @param rustupProfdata rustup's llvm-tools llvm-profdata for this toolchain, when installed
 */
public record RustInstall(RustcInfo rustc, RustProfdata.Choice profdata, Optional<Path> rustupProfdata,
                          Optional<RustupChoice> toolchain) {

    public RustInstall(RustcInfo rustc, RustProfdata.Choice profdata, Optional<Path> rustupProfdata) {
        this(rustc, profdata, rustupProfdata, Optional.empty());
    }

    /** Why Rust is not usable in a directory although cargo and rustc are on PATH, and the fix. */
    public record Problem(String message, String fix) {
    }

    public static RustInstall detect(Path dir, Optional<String> llvmProfdata) {
        return detect(dir, Map.of(), llvmProfdata);
    }

    /**
     * The toolchain rustup selects in dir (the project root: its rust-toolchain.toml is honoured; the
     * RUSTUP_* keys of buildEnv too), rustc's LLVM and the llvm-profdata paired with that toolchain.
     * Fails with the install hint when there is no working cargo/rustc, the selected toolchain is not
     * installed, or llvmProfdata is not found.
     */
    public static RustInstall detect(Path dir, Map<String, String> buildEnv, Optional<String> llvmProfdata) {
        Optional<RustupChoice> selected = RustupChoice.query(dir, buildEnv);
        if (selected.isPresent() && !selected.get().installed()) {
            throw selected.get().notInstalled(dir);
        }
        RustcInfo rc = RustcInfo.detect(dir, buildEnv);
        Path rustup = rc.llvmToolsDir().resolve("llvm-profdata");
        RustProfdata.Choice choice = RustProfdata.choose(rc, llvmProfdata);
        if (selected.isPresent()) {
            choice = choice.forToolchain(selected.get().toolchain());
        }
        return new RustInstall(rc, choice, Files.isExecutable(rustup) ? Optional.of(rustup) : Optional.empty(), selected);
    }

    /** Either a working Rust for dir, or why not (empty problem too when cargo/rustc are not on PATH). */
    public record Found(Optional<RustInstall> install, Optional<Problem> problem) {
        public static final Found NONE = new Found(Optional.empty(), Optional.empty());
    }

    /** A working cargo and rustc on PATH, as rustup selects them for dir, paired with an llvm-profdata as the build pairs them. */
    public static Found discover(Path dir, Map<String, String> buildEnv) {
        if (ToolLocator.onPath("cargo").isEmpty() || ToolLocator.onPath("rustc").isEmpty()) {
            return Found.NONE;
        }
        try {
            return new Found(Optional.of(detect(dir, buildEnv, Optional.empty())), Optional.empty());
        } catch (UserError e) {
            return new Found(Optional.empty(), Optional.of(new Problem(e.getMessage(), e.hint())));
        }
    }
}
