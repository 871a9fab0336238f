package io.pgolab.toolchain.detect;

import io.pgolab.toolchain.ToolLocator;
import io.pgolab.toolchain.bolt.BoltInstall;
import io.pgolab.toolchain.gcc.GccInstall;
import io.pgolab.toolchain.go.GoInstall;
import io.pgolab.toolchain.llvm.ClangInstall;
import io.pgolab.toolchain.rust.RustInstall;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every toolchain install on this machine, found by the same discovery the toolchains build with
 * ({@link ClangInstall}, {@link GccInstall}, {@link GoInstall}, {@link RustInstall}, {@link BoltInstall}).
 * A plain value: 'pgolab doctor' decides what can be built from it without looking again.
 *
 * @param llvmMajors    LLVM majors installed, newest first
 * @param clangs        as {@link ClangInstall#discover} orders them
 * @param bolts         BOLT of each LLVM major that has it, newest first
 * @param plainProfdata the unversioned llvm-profdata on PATH (Debian 12: LLVM 14), when there is one
 * @param rustProblem   why cargo and rustc on PATH do not work in the project (e.g. its pinned toolchain is not installed)
 */
public record Installs(List<Integer> llvmMajors, List<ClangInstall> clangs, Optional<GccInstall> gcc,
                       Optional<GoInstall> go, Optional<RustInstall> rust, List<BoltInstall> bolts,
                       Optional<ClangInstall.LlvmTool> plainProfdata, Optional<RustInstall.Problem> rustProblem) {
    public Installs {
        llvmMajors = List.copyOf(llvmMajors);
        clangs = List.copyOf(clangs);
        bolts = List.copyOf(bolts);
    }

    public Installs(List<Integer> llvmMajors, List<ClangInstall> clangs, Optional<GccInstall> gcc,
                    Optional<GoInstall> go, Optional<RustInstall> rust, List<BoltInstall> bolts,
                    Optional<ClangInstall.LlvmTool> plainProfdata) {
        this(llvmMajors, clangs, gcc, go, rust, bolts, plainProfdata, Optional.empty());
    }

    /**
     * Looks at this machine; projectDir (the project root) is where rustup's toolchain selection is read
     * from (its rust-toolchain.toml), with the RUSTUP_* keys of buildEnv, as the build reads it.
     */
    public static Installs discover(Path projectDir, Map<String, String> buildEnv) {
        List<Integer> majors = ToolLocator.llvmMajors();
        RustInstall.Found rust = RustInstall.discover(projectDir, buildEnv);
        return new Installs(majors, ClangInstall.discover(majors), GccInstall.discover(), GoInstall.discover(),
                rust.install(), BoltInstall.discover(majors),
                ToolLocator.onPath("llvm-profdata").map(ClangInstall.LlvmTool::at), rust.problem());
    }
}
