package io.pgolab.config;

import java.util.Optional;

/**
 * The [toolchain] table. kind is "clang", "gcc", "go" or "cargo"; cc/cxx override auto-detection of
 * a C compiler; go holds the keys only kind = "go" takes; llvmProfdata (cargo) names the
 * llvm-profdata to merge rustc's profiles with; partialTraining (gcc only) adds
 * -fprofile-partial-training to the profile-use builds.
 */
public record ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters,
                            GoOptions go, Optional<String> llvmProfdata, boolean partialTraining) {

    public ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters,
                         GoOptions go, Optional<String> llvmProfdata) {
        this(kind, cc, cxx, atomicCounters, go, llvmProfdata, false);
    }

    public ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters) {
        this(kind, cc, cxx, atomicCounters, GoOptions.DEFAULT, Optional.empty(), false);
    }

    public ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters, GoOptions go) {
        this(kind, cc, cxx, atomicCounters, go, Optional.empty(), false);
    }

    /**
     * Go: which go command (empty: "go" on PATH), and the flag that makes the program write a CPU
     * profile; its {profile} is replaced by a file in the workload's raw profile directory.
     */
    public record GoOptions(Optional<String> go, String profileFlag) {
        public static final String DEFAULT_PROFILE_FLAG = "-cpuprofile={profile}";
        public static final GoOptions DEFAULT = new GoOptions(Optional.empty(), DEFAULT_PROFILE_FLAG);
    }
}
