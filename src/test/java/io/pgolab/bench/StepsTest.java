package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.config.Variant;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepsTest {
    private static final Path FILE = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().resolve("pgolab.toml");

    static Config config(String variants, String bench) {
        return ConfigLoader.parse(FILE, """
                [project]
                name = "t"
                variants = [%s]
                [toolchain]
                kind = "gcc"
                [build]
                command = "true"
                artifact = "{builddir}/app"
                [[train]]
                name = "t"
                command = "{binary}"
                %s
                """.formatted(variants, bench));
    }

    @Test
    void benchPutsReleaseFirstWhenNoVariantIsNamed() {
        Config c = config("\"pgo\", \"lto\", \"release\"", "");
        assertThat(Steps.forBench(List.of(), c)).containsExactly(Variant.RELEASE, Variant.PGO, Variant.LTO);
    }

    @Test
    void benchKeepsTheOrderOfNamedVariants() {
        Config c = config("\"release\", \"pgo\"", "");
        assertThat(Steps.forBench(List.of(Variant.PGO, Variant.RELEASE), c)).containsExactly(Variant.PGO, Variant.RELEASE);
    }

    @Test
    void benchNeedsTwoVariants() {
        Config c = config("\"release\"", "");
        assertThatThrownBy(() -> Steps.forBench(List.of(), c)).isInstanceOf(UserError.class)
                .hasMessage("bench needs at least two variants");
    }

    @Test
    void ladderTakesTheNamedStepsAsGiven() {
        Config c = config("\"release\", \"pgo\"", "");
        assertThat(Steps.forLadder(List.of(Variant.RELEASE, Variant.LTO), c, null, null))
                .containsExactly(Variant.RELEASE, Variant.LTO);
        assertThatThrownBy(() -> Steps.forLadder(List.of(Variant.PGO), c, null, null))
                .isInstanceOf(UserError.class).hasMessage("a ladder needs at least two steps");
    }

    @Test
    void workloadsNeedABenchEntryAndAKnownParser() {
        Config none = config("\"release\", \"pgo\"", "");
        assertThatThrownBy(() -> new ProjectWorkloads(new BenchContext(none, null, null, null, null, null)))
                .isInstanceOf(UserError.class).hasMessageStartingWith("there is no [[bench]] workload in " + FILE);
        // A parser name is checked when the config loads, with its line (issue 11).
        assertThatThrownBy(() -> config("\"release\", \"pgo\"", "[[bench]]\nname = \"b\"\ncommand = \"{binary}\"\nparser = \"wrkk\""))
                .isInstanceOf(UserError.class).hasMessageContaining(":15: key 'bench.b.parser': unknown parser 'wrkk'");
    }
}
