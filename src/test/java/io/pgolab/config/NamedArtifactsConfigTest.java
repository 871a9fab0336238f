package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** [build] artifacts: named files of the same build, {artifact:NAME} in workloads, and what is refused. */
class NamedArtifactsConfigTest {
    static final Path FILE = ConfigLoaderTest.FILE;
    static final String CONFIG = """
            [project]
            name = "demo"

            [toolchain]
            kind = "clang"

            [build]
            command = "make CC={cc} CFLAGS='{cflags}' OUT={builddir}"
            artifact = "{builddir}/app"
            artifacts = { bench_hash = "{builddir}/bench_hash", helper = "tools/helper" }

            [[train]]
            command = "{binary} small.txt"

            [[bench]]
            name = "micro"
            command = "{artifact:bench_hash} --benchmark_repetitions=5"
            parser = "google-benchmark"

            [[bench]]
            name = "big"
            command = "{binary} big.txt"
            """;

    @Test
    void namedArtifactsAreReadAndRenderedBesideTheProgramUnderArtifacts() {
        Config c = ConfigLoader.parse(FILE, CONFIG);
        assertThat(c.build().artifacts()).containsEntry("bench_hash", "{builddir}/bench_hash")
                .containsEntry("helper", "tools/helper");
        String rendered = c.workloadCommand(c.bench().get(0), "/store/bin/abc/app");
        assertThat(rendered).isEqualTo("/store/bin/abc/artifacts/bench_hash --benchmark_repetitions=5");
        // a suite is under test like the program: its command runs what the build made
        assertThat(ProcessSpec.runsBinary(c.bench().get(0).command())).isTrue();
        assertThat(c.build().toString()).contains("artifacts={bench_hash={builddir}/bench_hash, helper=tools/helper}");
    }

    @Test
    void withoutArtifactsTheBuildTextIsUnchangedSoStoredProfilesKeepTheirKeys() {
        Config c = ConfigLoader.parse(FILE, CONFIG.replace("artifacts = { bench_hash = \"{builddir}/bench_hash\","
                + " helper = \"tools/helper\" }\n", "").replace("{artifact:bench_hash}", "{binary}"));
        assertThat(c.build().artifacts()).isEmpty();
        assertThat(c.build().toString()).doesNotContain("artifacts");
    }

    @Test
    void anUnknownArtifactNameNamesFileLineKeyAndTheKnownNames() {
        String bad = CONFIG.replace("{artifact:bench_hash}", "{artifact:bench_hsh}");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad)).isInstanceOf(UserError.class)
                .hasMessageContaining(FILE + ":17: key 'bench.micro.command': unknown placeholder {artifact:bench_hsh}")
                .hasMessageContaining("did you mean {artifact:bench_hash}?")
                .hasMessageContaining("artifacts named in [build]: {artifact:bench_hash} {artifact:helper}");
    }

    @Test
    void anArtifactPlaceholderWithoutArtifactsSaysHowToDeclareOne() {
        String bad = CONFIG.replace("artifacts = { bench_hash = \"{builddir}/bench_hash\", helper = \"tools/helper\" }\n",
                "");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad)).isInstanceOf(UserError.class)
                .hasMessageContaining("unknown placeholder {artifact:bench_hash}")
                .hasMessageContaining("declare it in [build]: artifacts = { bench_hash = \"{builddir}/bench_hash\" }");
    }

    @Test
    void badNamesPathsAndPlaceholdersAreConfigErrorsWithTheKey() {
        for (List<String> c : List.of(
                List.of("artifacts = { \"bench hash\" = \"x\" }", "'bench hash' is not a usable artifact name"),
                List.of("artifacts = { bench_hash = \"\" }", "key 'build.artifacts.bench_hash': the path of artifact"),
                List.of("artifacts = { bench_hash = \"{cc}/x\" }", "unknown placeholder {cc} in the path of artifact"),
                List.of("artifacts = { bench_hash = 3 }", "build.artifacts"))) {
            String bad = CONFIG.replace("artifacts = { bench_hash = \"{builddir}/bench_hash\", helper = \"tools/helper\" }",
                    c.get(0)).replace("{artifact:bench_hash}", "{binary}");
            assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad)).as(c.get(0)).isInstanceOf(UserError.class)
                    .hasMessageContaining(FILE + ":10:").hasMessageContaining(c.get(1));
        }
    }

    @Test
    void anInstallTreeRefusesNamedArtifacts() {
        String bad = CONFIG.replace("artifact = \"{builddir}/app\"", "artifact = \"{installdir}/bin/app\"");
        assertThatThrownBy(() -> ConfigLoader.parse(FILE, bad)).isInstanceOf(UserError.class)
                .hasMessageContaining("named artifacts are not published with an install tree");
    }
}
