package io.pgolab.toolchain;

import io.pgolab.config.Variant;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One compiler family. A toolchain knows flags, environment and profile tools; it never runs a
 * workload and never prints. Adding cargo, go or the JVM means one more implementation.
 */
public interface Toolchain {

    /** "clang", "gcc" or "cargo". */
    String kind();

    /** Human description with versions and paths, e.g. "clang 19.1.7 (/usr/lib/llvm-19/bin/clang)". */
    String describe();

    /** Tool names and versions, for the environment record. */
    Map<String, String> versions();

    /** Enters every build key: a new compiler version rebuilds everything. */
    String fingerprint();

    /** Things the user should know about the tools chosen (e.g. an inexact version pairing); usually none. */
    default List<String> notes() {
        return List.of();
    }

    /** Fails with an install hint when a tool that the variant needs is missing. */
    void require(Variant variant);

    BuildEnv buildEnv(Variant variant, Phase phase, Optional<ProfileData> profile, BuildFlags user);

    /** Files an instrumented build leaves beside its objects that the profile report needs (globs). */
    default List<String> instrumentedBuildNotes() {
        return List.of();
    }

    /** Environment that makes an instrumented binary write its raw profiles into rawDir. */
    Map<String, String> trainingEnv(Path rawDir);

    /** Raw profile files a training run left in rawDir (empty: nothing written). */
    List<Path> rawProfiles(Path rawDir);

    /** Merges raw inputs (per workload, then weighted across workloads) into outDir. */
    MergeResult merge(List<RawInput> inputs, Path outDir, FailureMode mode);

    /** notes: where the instrumented build's note files were kept, when the toolchain has any. */
    ProfileSummary summarize(ProfileData profile, Path notes, int top);

    /** Counts the compiler's stale-profile and missing-profile messages in an optimized build's log. */
    BuildDiagnostics diagnostics(String buildLog);

    /**
     * The user's own flags from [build], the directory the build runs in and the build's extra
     * environment (build.env): cargo reads the user's RUSTFLAGS and .cargo/config.toml from those.
     */
    record BuildFlags(String cflags, String cxxflags, String ldflags, Path workDir, Map<String, String> env) {
        public BuildFlags(String cflags, String cxxflags, String ldflags) {
            this(cflags, cxxflags, ldflags, Path.of("."), Map.of());
        }
    }
}
