package io.pgolab.profile;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.BuildDiagnostics;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which stored profiles a toolchain can build from (version pairing), and how staleness is counted. */
class ProfileToolchainsTest {
    private static StoredProfile.Toolchain clang(int major) {
        return new StoredProfile.Toolchain("clang", "clang " + major, Map.of(), major, major, major + ".1.0");
    }

    private static StoredProfile.Toolchain cargo(int profdata, int rustcLlvm) {
        return new StoredProfile.Toolchain("cargo", "rustc", Map.of(), profdata, rustcLlvm, "1.95.0");
    }

    @Test
    void theSameOrAnOlderLlvmIsFine() {
        assertThat(ProfileToolchains.problem(clang(19), clang(19), "f", false)).isEmpty();
        assertThat(ProfileToolchains.problem(clang(18), clang(19), "f", false)).isEmpty();
    }

    @Test
    void aProfileOfANewerLlvmProfdataIsRefused() {
        assertThat(ProfileToolchains.problem(clang(20), clang(19), "f", false)).get()
                .satisfies(e -> assertThat(e.getMessage()).contains("merged by llvm-profdata 20, newer than this toolchain's"
                        + " paired llvm-profdata 19"));
        // cargo: a profile merged by llvm-profdata 22 cannot be read by a rustc on LLVM 21, even with profdata 22 here
        assertThat(ProfileToolchains.problem(cargo(22, 22), cargo(22, 21), "f", false)).get()
                .satisfies(e -> assertThat(e.getMessage()).contains("newer than the compiler's LLVM 21"));
    }

    @Test
    void anotherToolchainKindIsRefused() {
        StoredProfile.Toolchain gcc = new StoredProfile.Toolchain("gcc", "gcc 12.2.0", Map.of(), 0, 0, "12.2.0");
        assertThat(ProfileToolchains.problem(gcc, clang(19), "f", false)).get()
                .satisfies(e -> assertThat(e.getMessage()).contains("made with the gcc toolchain", "builds with clang"));
    }

    @Test
    void gccNeedsTheSameMajorAndMinor() {
        StoredProfile.Toolchain g122 = new StoredProfile.Toolchain("gcc", "gcc", Map.of(), 0, 0, "12.2.0");
        StoredProfile.Toolchain g123 = new StoredProfile.Toolchain("gcc", "gcc", Map.of(), 0, 0, "12.3.0");
        StoredProfile.Toolchain g122b = new StoredProfile.Toolchain("gcc", "gcc", Map.of(), 0, 0, "12.2.1");
        assertThat(ProfileToolchains.problem(g122, g123, "f", true)).get()
                .satisfies(e -> assertThat(e.getMessage()).contains("GCC ignores .gcda files of another version"));
        assertThat(ProfileToolchains.problem(g122, g122b, "f", true)).isEmpty();
    }

    @Test
    void versionsAreReadFromToolVersionLines() {
        assertThat(ProfileToolchains.major("19 /usr/lib/llvm-19/bin/llvm-profdata")).isEqualTo(19);
        assertThat(ProfileToolchains.major("19.1.7 /usr/bin/clang")).isEqualTo(19);
        assertThat(ProfileToolchains.major(null)).isZero();
        assertThat(ProfileKey.withoutPaths("1.95.0 LLVM 22.1.2 /root/.cargo/bin/rustc")).isEqualTo("1.95.0 LLVM 22.1.2");
    }

    @Test
    void staleShareCountsMismatchedAndMissingAmongTheProfilesFunctions() {
        assertThat(StoredProfileUse.staleShare(new BuildDiagnostics(1, 0, List.of()), 2)).isEqualTo(0.5);
        assertThat(StoredProfileUse.staleShare(new BuildDiagnostics(2, 2, List.of()), 8)).isEqualTo(0.5);
        // ripgrep 14.1.1 built from 13.0.0's profile: 5993 functions without data, 8053 in the profile
        assertThat(StoredProfileUse.staleShare(new BuildDiagnostics(0, 5993, List.of()), 8053)).isBetween(0.74, 0.75);
        assertThat(StoredProfileUse.staleShare(new BuildDiagnostics(0, 900, List.of()), 100)).isEqualTo(1.0);
        assertThat(StoredProfileUse.staleShare(new BuildDiagnostics(3, 0, List.of()), 0)).isEqualTo(-1);
    }
}
