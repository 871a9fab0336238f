package io.pgolab.config;

import java.util.Optional;

/**
 * The [toolchain] table. kind is "clang", "gcc" or "cargo"; cc/cxx override auto-detection for the
 * C toolchains; llvmProfdata (cargo) names the llvm-profdata to merge rustc's profiles with.
 */
public record ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters,
                            Optional<String> llvmProfdata) {

    public ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters) {
        this(kind, cc, cxx, atomicCounters, Optional.empty());
    }
}
