package io.pgolab.profile;

import io.pgolab.UserError;
import io.pgolab.toolchain.Toolchain;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a stored profile records of its toolchain, and whether the current toolchain can use it.
 * Indexed LLVM profiles are readable by the same or a newer LLVM only (docs/reference toolchains §1.7:
 * producer ≤ llvm-profdata ≤ consumer); GCC ignores .gcda files of another GCC version; Go's CPU
 * profiles have no version constraint.
 */
public final class ProfileToolchains {
    private static final Pattern LEADING = Pattern.compile("^(\\d+)(?:\\.(\\d+))?");

    private ProfileToolchains() {
    }

    public static StoredProfile.Toolchain of(Toolchain t) {
        Map<String, String> v = new LinkedHashMap<>(t.versions());
        return new StoredProfile.Toolchain(t.kind(), t.describe(), v, major(v.get("llvm-profdata")), t.compilerLlvmMajor(),
                compilerVersion(t.compilerTool(), v));
    }

    /** Why toolchain cannot use a profile made by stored (empty: it can). */
    static Optional<UserError> problem(StoredProfile.Toolchain stored, Toolchain toolchain, String file) {
        return problem(stored, of(toolchain), file, toolchain.profilePerObject());
    }

    /**
     * Why the current toolchain (now) cannot use a profile made by stored (empty: it can). perObject: now's profile
     * is one file per object, which only the same compiler release reads (GCC's .gcda).
     */
    static Optional<UserError> problem(StoredProfile.Toolchain stored, StoredProfile.Toolchain now, String file,
                                       boolean perObject) {
        if (!stored.kind().equals(now.kind())) {
            return Optional.of(new UserError("the stored profile " + file + " was made with the " + stored.kind()
                    + " toolchain (" + StoredProfileUse.tools(stored) + "), but this project builds with " + now.kind(),
                    "profiles do not carry over between toolchains: export one from a " + now.kind()
                            + " build, or remove --profile / [project] profile to train"));
        }
        String newer = "an LLVM tool cannot read an indexed profile written by a newer LLVM";
        if (stored.profdataMajor() > 0 && now.profdataMajor() > 0 && stored.profdataMajor() > now.profdataMajor()) {
            return Optional.of(new UserError("the stored profile " + file + " was merged by llvm-profdata "
                    + stored.profdataMajor() + ", newer than this toolchain's paired llvm-profdata " + now.profdataMajor()
                    + " (" + newer + ")", "build with an LLVM " + stored.profdataMajor() + " toolchain, or export a"
                    + " profile made with LLVM " + now.profdataMajor() + " (or older)"));
        }
        if (stored.profdataMajor() > 0 && now.compilerLlvmMajor() > 0 && stored.profdataMajor() > now.compilerLlvmMajor()) {
            return Optional.of(new UserError("the stored profile " + file + " was merged by llvm-profdata "
                    + stored.profdataMajor() + ", newer than the compiler's LLVM " + now.compilerLlvmMajor() + " (" + newer + ")",
                    "use a compiler of LLVM " + stored.profdataMajor() + " or newer, or export the profile again with"
                            + " this toolchain"));
        }
        if (perObject && !majorMinor(stored.compilerVersion()).equals(majorMinor(now.compilerVersion()))) {
            return Optional.of(new UserError("the stored profile " + file + " was made by GCC " + stored.compilerVersion()
                    + ", this project builds with GCC " + now.compilerVersion() + ": GCC ignores .gcda files of another"
                    + " version", "build with GCC " + majorMinor(stored.compilerVersion()) + ", or export a profile made"
                    + " with this GCC"));
        }
        return Optional.empty();
    }

    /** The leading major of "19 /usr/bin/llvm-profdata" or "19.1.7 /usr/bin/clang" (0 when none). */
    static int major(String version) {
        if (version == null) {
            return 0;
        }
        Matcher m = LEADING.matcher(version.strip());
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    private static String compilerVersion(String tool, Map<String, String> v) {
        String s = v.getOrDefault(tool, "").strip();
        int sp = s.indexOf(' ');
        return sp < 0 ? s : s.substring(0, sp);
    }

    private static String majorMinor(String version) {
        Matcher m = LEADING.matcher(version == null ? "" : version);
        return m.find() ? m.group(1) + (m.group(2) == null ? "" : "." + m.group(2)) : "";
    }
}
