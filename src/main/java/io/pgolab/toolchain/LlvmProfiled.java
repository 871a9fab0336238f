package io.pgolab.toolchain;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A toolchain whose profiles are LLVM's (clang, and cargo through rustc's LLVM): raw profiles
 * named by LLVM_PROFILE_FILE, merged, summarized and counted by an llvm-profdata of the matching
 * version, compiler warnings read the same way. Only the choice of llvm-profdata differs.
 */
interface LlvmProfiled extends Toolchain {
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
}
