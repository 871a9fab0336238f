package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** [project] profile, profile_max_stale, profile_max_commits. */
class StoredProfileSpecTest {
    private static final String NO_TRAIN = """
            [project]
            name = "demo"
            variants = ["release", "pgo"]
            %s

            [toolchain]
            kind = "clang"

            [build]
            command = "make"
            artifact = "{builddir}/app"
            """;

    @Test
    void theKeysAreReadRelativeToTheConfigDirectory() {
        Config c = ConfigLoader.parse(ConfigLoaderTest.FILE, NO_TRAIN.formatted(
                "profile = \"pgo/app.pgolab-profile\"\nprofile_max_stale = \"20%\"\nprofile_max_commits = 30"));
        assertThat(c.storedProfile().file()).contains(ConfigLoaderTest.DIR.resolve("pgo/app.pgolab-profile"));
        assertThat(c.storedProfile().maxStale()).isEqualTo(0.2);
        assertThat(c.storedProfile().maxCommits()).contains(30);
        assertThat(c.train()).isEmpty();   // a stored profile stands in for training
    }

    @Test
    void defaultsAreHalfStaleAndNoCommitLimit() {
        Config c = ConfigLoader.parse(ConfigLoaderTest.FILE, ConfigLoaderTest.GOOD);
        assertThat(c.storedProfile().file()).isEmpty();
        assertThat(c.storedProfile().maxStale()).isEqualTo(StoredProfileSpec.DEFAULT_MAX_STALE);
        assertThat(c.storedProfile().maxCommits()).isEmpty();
    }

    @Test
    void withoutStoredProfileOrTrainingPgoIsStillAnError() {
        assertThatThrownBy(() -> ConfigLoader.parse(ConfigLoaderTest.FILE, NO_TRAIN.formatted("")))
                .hasMessageContaining("need a training workload (or a stored profile, project.profile)");
    }

    @Test
    void badValuesNameTheirLine() {
        assertThatThrownBy(() -> ConfigLoader.parse(ConfigLoaderTest.FILE, NO_TRAIN.formatted(
                "profile = \"p\"\nprofile_max_stale = \"0.2\"")))
                .hasMessageContaining(":5: key 'project.profile_max_stale': must be a percentage from 0% to 100%");
        assertThatThrownBy(() -> ConfigLoader.parse(ConfigLoaderTest.FILE, NO_TRAIN.formatted(
                "profile = \"p\"\nprofile_max_commits = -3")))
                .hasMessageContaining("project.profile_max_commits': must be a whole number");
        assertThatThrownBy(() -> ConfigLoader.parse(ConfigLoaderTest.FILE, NO_TRAIN.formatted("profile = \"\"")))
                .hasMessageContaining("project.profile': must not be empty");
    }

    @Test
    void percentagesParse() {
        assertThat(StoredProfileSpec.percent("20%")).contains(0.2);
        assertThat(StoredProfileSpec.percent(" 100 %")).contains(1.0);
        assertThat(StoredProfileSpec.percent("120%")).isEmpty();
        assertThat(StoredProfileSpec.percent("20")).isEqualTo(Optional.empty());
    }
}
