package io.pgolab.toolchain.gcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.config.ToolchainSpec;
import io.pgolab.config.Variant;
import io.pgolab.toolchain.BuildEnv;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.toolchain.Toolchain;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** [toolchain] partial_training on GccToolchain: the flag only on profile-use builds, and in key and description. */
class GccPartialTrainingTest {
    @TempDir
    static Path scratch;

    static final Toolchain.BuildFlags USER = new Toolchain.BuildFlags("-O2", "-O2", "-s");
    static final Optional<ProfileData> PROFILE = Optional.of(new ProfileData(Path.of("/p/merged-abc"), "abc", 1));

    @BeforeAll
    static void gcc() {
        Tool.require(ToolLocator.onPath("gcc").isPresent(), "gcc");
    }

    static GccToolchain gcc(boolean partial) {
        return GccToolchain.detect(new ToolchainSpec("gcc", Optional.empty(), Optional.empty(), true,
                ToolchainSpec.GoOptions.DEFAULT, Optional.empty(), partial), scratch, null);
    }

    @Test
    void onlyTheProfileUseBuildGetsTheFlagOnCompileAndLink() {
        GccToolchain on = gcc(true);
        for (Variant v : new Variant[] {Variant.PGO, Variant.PGO_LTO}) {
            BuildEnv use = on.buildEnv(v, Phase.OPTIMIZE, PROFILE, USER);
            assertThat(use.cflags()).startsWith("-O2 ").contains("-fprofile-use=/p/merged-abc", "-fprofile-partial-training");
            assertThat(use.cxxflags()).contains("-fprofile-partial-training");
            assertThat(use.ldflags()).startsWith("-s ").contains("-fprofile-partial-training");
        }
        BuildEnv instr = on.buildEnv(Variant.PGO, Phase.INSTRUMENT, Optional.empty(), USER);
        assertThat(instr.cflags() + instr.ldflags()).contains("-fprofile-generate=").doesNotContain("partial-training");
        BuildEnv release = on.buildEnv(Variant.RELEASE, Phase.PLAIN, Optional.empty(), USER);
        assertThat(release.cflags() + release.ldflags()).doesNotContain("partial-training");
        BuildEnv off = gcc(false).buildEnv(Variant.PGO, Phase.OPTIMIZE, PROFILE, USER);
        assertThat(off.cflags() + off.ldflags()).contains("-fprofile-use=").doesNotContain("partial-training");
    }

    @Test
    void itEntersOnlyTheProfileUseBuildsKeysAndTheDescriptionSaysItsState() {
        GccToolchain on = gcc(true);
        GccToolchain off = gcc(false);
        // not the fingerprint (every build's key), only the guard key of builds that read a profile
        assertThat(on.fingerprint()).isEqualTo(off.fingerprint()).doesNotContain("partial");
        assertThat(on.untrainedGuard()).startsWith("-fprofile-partial-training");
        assertThat(off.untrainedGuard()).isEmpty();
        assertThat(on.describe()).contains(", -fprofile-partial-training on profile-use builds");
        assertThat(off.describe()).contains("partial_training = false (functions training never ran optimized for size)");
        if (on.install().major() >= GccToolchain.PARTIAL_TRAINING_MIN_MAJOR) {
            on.require(Variant.PGO);   // gcc 10+: no refusal
        }
    }
}
