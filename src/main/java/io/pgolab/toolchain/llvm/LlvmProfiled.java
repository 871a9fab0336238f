package io.pgolab.toolchain.llvm;

import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.FunctionCounts;
import io.pgolab.toolchain.MergeResult;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.ProfileSummary;
import io.pgolab.toolchain.RawInput;
import io.pgolab.toolchain.Toolchain;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A toolchain whose profiles are LLVM's (clang, and cargo through rustc's LLVM): raw profiles
 * named by LLVM_PROFILE_FILE, merged, summarized and counted by an llvm-profdata of the matching
 * version, compiler warnings read the same way. Only the choice of llvm-profdata differs.
 */
public interface LlvmProfiled extends Toolchain {
    /** The llvm-profdata paired with this compiler; a UserError when there is none. */
    LlvmProfileTool profileTool();

    @Override
    default Map<String, String> trainingEnv(Path rawDir) {
        return LlvmProfileTool.trainingEnv(rawDir);
    }

    @Override
    default List<Path> rawProfiles(Path rawDir) {
        return LlvmProfileTool.rawProfiles(rawDir);
    }

    @Override
    default MergeResult merge(List<RawInput> inputs, Path outDir, FailureMode mode) {
        return profileTool().merge(inputs, outDir, mode);
    }

    @Override
    default ProfileSummary summarize(ProfileData profile, Path notes, int top) {
        return profileTool().summarize(profile, top);
    }

    @Override
    default FunctionCounts functionCounts(ProfileData profile, Path notes) {
        return profileTool().functionCounts(profile);
    }

    @Override
    default BuildDiagnostics diagnostics(String buildLog) {
        return LlvmProfileText.diagnostics(buildLog);
    }

    /** Whether [toolchain] partial_training is on: functions training never ran compiled as without a profile. */
    boolean guardsUntrained();

    /** Where the guarded profiles are kept (the store's scratch directory, under untrained-guard/). */
    Path guardDir();

    @Override
    default String untrainedGuard() {
        return guardsUntrained() ? UntrainedGuard.KEY : "";
    }

    /** The profile file a build that reads profile gets: with the guard on, profile without its never-run functions. */
    default Path profileToUse(ProfileData profile) {
        return guardsUntrained() ? UntrainedGuard.of(profileTool(), profile, guardDir()).profile() : profile.path();
    }

    @Override
    default BuildDiagnostics diagnostics(String buildLog, Optional<ProfileData> profile) {
        return LlvmProfileText.diagnostics(buildLog, guardsUntrained() && profile.isPresent()
                ? UntrainedGuard.untrained(profile.get(), guardDir()) : Set.of());
    }

    /** What the guard did to the profile this build read (empty when it is off). */
    @Override
    default Optional<String> verifyOptimized(Path binary, ProfileData profile) {
        if (!guardsUntrained()) {
            return Optional.empty();
        }
        UntrainedGuard.Guarded g = UntrainedGuard.of(profileTool(), profile, guardDir());
        return Optional.of(UntrainedGuard.CHECK + g.untrained() + " of " + g.functions() + " profiled functions"
                + " never ran in training: compiled without profile, as in release");
    }
}
