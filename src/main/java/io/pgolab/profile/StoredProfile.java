package io.pgolab.profile;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;
import java.util.Map;

/**
 * The header of a stored profile (pgolab-profile.json inside the file 'pgolab profile export' writes,
 * see {@link ProfileArchive} and docs/results-schema.md): what the profile was made from.
 *
 * @param format        "pgolab-profile/1"
 * @param toolchain     the toolchain that made it
 * @param profile       the profile bytes in the archive
 * @param profileSet    "" for all [[train]] workloads, or the tag of pgo@TAG variants
 * @param profileKey    'pgolab profile key' of the inputs it was made from
 * @param sourceFingerprint SHA-256 of the source tree (pipeline.SourceFingerprint, whole tree)
 * @param gitCommit     HEAD of the project root when exported, "" outside git
 * @param gitDirty      the work tree had uncommitted changes
 * @param training      the [[train]] workloads that made it
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record StoredProfile(String format, String pgolabVersion, String createdAt, String project,
                            Toolchain toolchain, Profile profile, String profileSet, String profileKey,
                            String sourceFingerprint, String gitCommit, boolean gitDirty, List<Workload> training) {
    public static final String FORMAT = "pgolab-profile/1";
    public static final int FORMAT_VERSION = 1;

    /**
     * kind: clang, gcc, cargo or go; versions: tool → "version path" as in results' tool_versions;
     * profdataMajor: the LLVM major of the llvm-profdata that merged it (0: none, gcc and go);
     * compilerLlvmMajor: the LLVM major of the compiler that read it (clang's, rustc's; 0 otherwise);
     * compilerVersion: gcc's version (its .gcda stamp must match), else the compiler's version.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Toolchain(String kind, String description, Map<String, String> versions, int profdataMajor,
                            int compilerLlvmMajor, String compilerVersion) {
    }

    /**
     * layout: "file" (one file, name: profile.profdata or default.pgo) or "tree" (GCC's .gcda files
     * under gcda/, by their relative paths); sha256 and bytes: those of the file, or of the tree as
     * util.Hashing.ofPath hashes it; functions: how many functions the profile has (0: unknown);
     * symbolMatch: the share of its counts in functions the optimized binary built from it has by name
     * (see SymbolMatch; null or negative: unknown).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Profile(String layout, String name, String sha256, long bytes, int functions, Double symbolMatch) {
        public Profile(String layout, String name, String sha256, long bytes, int functions) {
            this(layout, name, sha256, bytes, functions, null);
        }

        /** -1 when unknown. */
        public double symbolMatchOrUnknown() {
            return symbolMatch == null || symbolMatch < 0 ? -1 : symbolMatch;
        }
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Workload(String name, String command) {
    }

    /** The format version, from "pgolab-profile/N" (0 when it is not one). */
    public int formatVersion() {
        if (format == null || !format.startsWith("pgolab-profile/")) {
            return 0;
        }
        try {
            return Integer.parseInt(format.substring("pgolab-profile/".length()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The commit, shortened for messages ("unknown" when none was recorded). */
    public String shortCommit() {
        return gitCommit == null || gitCommit.isEmpty() ? "unknown" : gitCommit.substring(0, Math.min(12, gitCommit.length()))
                + (gitDirty ? " (dirty)" : "");
    }
}
