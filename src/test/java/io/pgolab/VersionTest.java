package io.pgolab;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VersionTest {
    @Test
    void aCleanBuildOfTheReleaseTagSaysTheVersionAlone() {
        Version.Build b = new Version.Build("0.2.0", "v0.2.0", "octo/pgolab");
        assertThat(b.isRelease()).isTrue();
        assertThat(b.version()).isEqualTo("0.2.0");
    }

    @Test
    void everyOtherBuildSaysItIsADevelopmentBuildAndOfWhat() {
        assertThat(new Version.Build("0.2.0", "v0.2.0-dirty", "").version()).isEqualTo("0.2.0-dev+v0.2.0-dirty");
        assertThat(new Version.Build("0.2.0", "v0.1.0-12-g048cbb3", "").version()).isEqualTo("0.2.0-dev+v0.1.0-12-g048cbb3");
        assertThat(new Version.Build("0.2.0", "048cbb3", "").version()).isEqualTo("0.2.0-dev+048cbb3");
        // the tag of another release: not this one
        assertThat(new Version.Build("0.3.0", "v0.2.0", "").isRelease()).isFalse();
        assertThat(new Version.Build("0.2.0", "", "").version()).isEqualTo("0.2.0-dev");
        assertThat(new Version.Build("", "v0.2.0", "").version()).isEqualTo("dev");
    }

    /** Maven filters io/pgolab/version.properties: the classes under test know the pom's version, and are no release. */
    @Test
    void theClassesKnowThePomsVersion() {
        assertThat(Version.build().release()).matches("\\d+\\.\\d+\\.\\d+");
        assertThat(Version.get()).startsWith(Version.build().release() + "-dev");
    }
}
