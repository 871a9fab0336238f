package io.pgolab.toolchain;

import java.nio.file.Path;
import java.util.List;
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
 */
public record Installs(List<Integer> llvmMajors, List<ClangInstall> clangs, Optional<GccInstall> gcc,
                       Optional<GoInstall> go, Optional<RustInstall> rust, List<BoltInstall> bolts,
                       Optional<ClangInstall.LlvmTool> plainProfdata) {
    public Installs {
        llvmMajors = List.copyOf(llvmMajors);
        clangs = List.copyOf(clangs);
        bolts = List.copyOf(bolts);
    }

    /** Looks at this machine; projectDir is where rustup's toolchain selection is read from. */
    public static Installs discover(Path projectDir) {
        List<Integer> majors = ToolLocator.llvmMajors();
        return new Installs(majors, ClangInstall.discover(majors), GccInstall.discover(), GoInstall.discover(),
                RustInstall.discover(projectDir), BoltInstall.discover(majors),
                ToolLocator.onPath("llvm-profdata").map(ClangInstall.LlvmTool::at));
    }
}
