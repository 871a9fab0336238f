package io.pgolab.toolchain;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One compiler family. A toolchain knows flags, environment and profile tools; it never runs a
 * workload and never prints. Adding cargo, go or the JVM means one more implementation.
 */
public interface Toolchain {

    /** "clang", "gcc", "go" or "cargo". */
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

    /**
     * The steps 'pgolab ladder' climbs when neither the command line nor [project] ladder names them
     * (what cannot be built here is left out with its reason).
     */
    default List<Variant> ladder() {
        return Variant.LADDER;
    }

    /** Fails with an install hint when a tool that the variant needs is missing. */
    void require(Variant variant);

    BuildEnv buildEnv(Variant variant, Phase phase, Optional<ProfileData> profile, BuildFlags user);

    /**
     * What the user should know before this build starts, e.g. a profile setting pgolab overrides for it
     * (cargo: strip = "symbols" for a BOLT base build). workDir and buildEnv as in {@link BuildFlags}.
     */
    default Optional<String> buildNote(Variant variant, Phase phase, Path workDir, Map<String, String> buildEnv) {
        return Optional.empty();
    }

    /** True when the user's build strips the symbol table, which BOLT's base build had to keep: strip the BOLTed binary. */
    default boolean stripAfterBolt(Path workDir, Map<String, String> buildEnv) {
        return false;
    }

    /**
     * The hint for a failed build whose output is given, in this toolchain's own terms: the config keys
     * it takes (build.command for C builds; env, features, profile and args for cargo). Called after the
     * generic causes (full disk, stale or missing profile) were ruled out.
     */
    String buildFailureHint(String output, Phase phase, Variant variant, Path configFile);

    /**
     * The demangler of this toolchain's LLVM (clang: its own major; cargo: the paired llvm-profdata's;
     * gcc: the newest installed LLVM's, for the same Itanium C++ names). NONE for go.
     */
    default Demangler demangler() {
        return Demangler.NONE;
    }

    /** Files an instrumented build leaves beside its objects that the profile report needs (globs). */
    default List<String> instrumentedBuildNotes() {
        return List.of();
    }

    /**
     * False when the binary that writes profiles is the release build itself (go: CPU profiles of the
     * normal binary), so pgolab reuses the release build instead of building an instrumented one.
     */
    default boolean separateInstrumentedBuild() {
        return true;
    }

    /**
     * A [[train]] command (or server) template as the toolchain needs it to write a profile. Go adds
     * its profile flag after {binary}; the {profile} and {profile_dir} placeholders are filled later.
     */
    default String trainingCommand(String template) {
        return template;
    }

    /** What most likely went wrong when a training run failed with this output (empty: nothing specific). */
    default Optional<String> explainTrainingFailure(String output) {
        return Optional.empty();
    }

    /**
     * What a training run that succeeded said about its profile being incomplete (a profile runtime's
     * warnings or errors in its output; empty: nothing).
     */
    default Optional<String> trainingOutputWarning(String output) {
        return Optional.empty();
    }

    /** How to fix a training run that exited cleanly but left no profile. */
    default String noProfileHint() {
        return "profiles are written when the program exits normally (return from main or exit()). A program"
                + " stopped by a signal (SIGTERM, SIGKILL), one that leaves through _exit() or abort(),"
                + " or a command that never runs {binary} writes nothing";
    }

    /**
     * Checks an optimized binary for proof that it was built with the profile, and says what proves
     * it (empty: this toolchain has no such check). Throws UserError when the profile was not used.
     */
    default Optional<String> verifyOptimized(Path binary, ProfileData profile) {
        return Optional.empty();
    }

    /**
     * Checks that the steps on top of pgo took effect in the built binary (the linker used the function
     * order, functions were split) and says what proves it; lines starting with "warning: " are doubts to
     * show. Throws UserError when a step was lost. Default: nothing to check.
     */
    default List<String> verifySteps(Variant variant, Path binary, Optional<ProfileData> profile) {
        return List.of();
    }

    /**
     * The profile of context-sensitive PGO: the second round's merged profile combined with the first
     * round's (the optimized build reads both kinds of counts from one file), into outDir.
     */
    default ProfileData combineCs(ProfileData second, ProfileData first, Path outDir) {
        throw new UserError("the " + kind() + " toolchain has no context-sensitive PGO", "use clang");
    }

    /** Environment that makes an instrumented binary write its raw profiles into rawDir. */
    Map<String, String> trainingEnv(Path rawDir);

    /** Raw profile files a training run left in rawDir (empty: nothing written). */
    List<Path> rawProfiles(Path rawDir);

    /** Merges raw inputs (per workload, then weighted across workloads) into outDir. */
    MergeResult merge(List<RawInput> inputs, Path outDir, FailureMode mode);

    /** notes: where the instrumented build's note files were kept, when the toolchain has any. */
    ProfileSummary summarize(ProfileData profile, Path notes, int top);

    /**
     * Every function of a merged profile with its count (see {@link FunctionCounts} for what a count is
     * per toolchain). notes: as for summarize.
     */
    default FunctionCounts functionCounts(ProfileData profile, Path notes) {
        throw new UserError("the " + kind() + " toolchain cannot list a profile's functions with their counts",
                "this check needs clang, gcc, cargo or go");
    }

    /** Counts the compiler's stale-profile and missing-profile messages in an optimized build's log. */
    BuildDiagnostics diagnostics(String buildLog);

    /**
     * As {@link #diagnostics(String)} for a build from profile: a function the guard left out of it
     * ({@link #untrainedGuard}) is not counted as missing.
     */
    default BuildDiagnostics diagnostics(String buildLog, Optional<ProfileData> profile) {
        return diagnostics(buildLog);
    }

    /**
     * The guard that compiles functions training never ran as without a profile ([toolchain]
     * partial_training) as it enters the key of every build that reads a profile; "" when it is off or the
     * toolchain has nothing to guard (Go's PGO leaves code without samples as it is).
     */
    default String untrainedGuard() {
        return "";
    }

    /** How a toolchain's compiles are audited: through {cc}/{cxx} (C, C++), rustc's wrapper, Go's -toolexec, or not. */
    enum CompileAudit { NONE, CC, RUSTC, GO }

    /**
     * How this toolchain's compiles are audited. CC: the compiler wrapper records every compile, and the files
     * they read key the next build.
     */
    default CompileAudit compileAudit() {
        return CompileAudit.NONE;
    }

    /**
     * True when the profile is one file per object (GCC's .gcda: each object finds its own by its absolute path,
     * and only the GCC release that wrote it reads it); false for one merged profile.
     */
    default boolean profilePerObject() {
        return false;
    }

    /**
     * True when {@link BuildEnv#env()} is computed from build.env (cargo: the user's RUSTFLAGS plus pgolab's) and
     * so goes over build.env's values in the build's environment.
     */
    default boolean buildEnvOverridesUserEnv() {
        return false;
    }

    /** True when profiles are LLVM's (clang, cargo), which name functions as the program's symbols do. */
    default boolean llvmProfiles() {
        return false;
    }

    /** The LLVM major whose BOLT to use (clang: its own); empty: any installed. */
    default OptionalInt boltLlvmMajor() {
        return OptionalInt.empty();
    }

    /** The file name a single-file profile has in an exported profile (go: default.pgo). */
    default String profileFileName() {
        return "profile.profdata";
    }

    /**
     * The hint for a server under training that wrote no profile, stopped with stopSignal (go: it must return from
     * main on it); empty: the hint says how the process ended.
     */
    default Optional<String> serverNoProfileHint(String stopSignal) {
        return Optional.empty();
    }

    /** The LLVM major of the compiler itself (clang's own, rustc's LLVM); 0 for a compiler that is no LLVM. */
    default int compilerLlvmMajor() {
        return 0;
    }

    /** The key of {@link #versions()} whose value starts with the compiler's version (cargo: rustc). */
    default String compilerTool() {
        return kind();
    }

    /**
     * The user's own flags from [build]; goflags only for go. workDir (the directory the build runs
     * in) and env (build.env) are where cargo reads the user's RUSTFLAGS and .cargo/config.toml.
     */
    record BuildFlags(String cflags, String cxxflags, String ldflags, String goflags, Path workDir, Map<String, String> env) {
        public BuildFlags(String cflags, String cxxflags, String ldflags) {
            this(cflags, cxxflags, ldflags, "", Path.of("."), Map.of());
        }

        public BuildFlags(String cflags, String cxxflags, String ldflags, String goflags) {
            this(cflags, cxxflags, ldflags, goflags, Path.of("."), Map.of());
        }
    }
}
