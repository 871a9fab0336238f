package io.pgolab.config;

import java.util.List;
import java.util.Optional;

/**
 * The [toolchain] table. kind is "clang", "gcc", "go", "cargo" or "jvm"; cc/cxx override auto-detection of
 * a C compiler; go holds the keys only kind = "go" takes; llvmProfdata (cargo) names the
 * llvm-profdata to merge rustc's profiles with; partialTraining (gcc, clang, cargo; on unless
 * partial_training = false) compiles functions training never ran as without a profile.
 */
public record ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters,
                            GoOptions go, Optional<String> llvmProfdata, boolean partialTraining, JvmOptions jvm) {

    public ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters,
                         GoOptions go, Optional<String> llvmProfdata) {
        this(kind, cc, cxx, atomicCounters, go, llvmProfdata, true, JvmOptions.NONE);
    }

    public ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters,
                         GoOptions go, Optional<String> llvmProfdata, boolean partialTraining) {
        this(kind, cc, cxx, atomicCounters, go, llvmProfdata, partialTraining, JvmOptions.NONE);
    }

    public ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters,
                         GoOptions go, Optional<String> llvmProfdata, JvmOptions jvm) {
        this(kind, cc, cxx, atomicCounters, go, llvmProfdata, true, jvm);
    }

    public ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters) {
        this(kind, cc, cxx, atomicCounters, GoOptions.DEFAULT, Optional.empty(), true, JvmOptions.NONE);
    }

    public ToolchainSpec(String kind, Optional<String> cc, Optional<String> cxx, boolean atomicCounters, GoOptions go) {
        this(kind, cc, cxx, atomicCounters, go, Optional.empty(), true, JvmOptions.NONE);
    }

    /**
     * Go: which go command (empty: "go" on PATH), and the flag that makes the program write a CPU
     * profile; its {profile} is replaced by a file in the workload's raw profile directory.
     */
    public record GoOptions(Optional<String> go, String profileFlag) {
        public static final String DEFAULT_PROFILE_FLAG = "-cpuprofile={profile}";
        public static final GoOptions DEFAULT = new GoOptions(Optional.empty(), DEFAULT_PROFILE_FLAG);
    }

    /**
     * kind = "jvm": the classpath the build produces (jar = one entry; classpath = several, in order;
     * relative to the project root), the main class (empty: the jar's Main-Class), the JVM flags of
     * every run, and which JDK: javaHome (a directory) or jdk (a feature version such as "25").
     */
    public record JvmOptions(List<String> classpath, Optional<String> main, List<String> jvmFlags,
                             Optional<String> javaHome, Optional<String> jdk) {
        public static final JvmOptions NONE = new JvmOptions(List.of(), Optional.empty(), List.of(),
                Optional.empty(), Optional.empty());
    }
}
