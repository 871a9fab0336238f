package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** [gate], [[bench]] bound and [[bench.metric]] bound: what is read, and every mistake named with its line. */
class GateConfigTest {
    static final Path FILE = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().resolve("pgolab.toml");
    static final String HEAD = """
            [project]
            variants = ["release", "lto", "pgo"]
            [toolchain]
            kind = "clang"
            [build]
            command = "make CC={cc}"
            artifact = "{builddir}/app"
            [[train]]
            name = "t"
            command = "{binary} x"
            [[bench]]
            name = "b"
            command = "{binary} y"
            """;

    static Config parse(String text) {
        return ConfigLoader.parse(FILE, text);
    }

    @Test
    void withoutAGateTableReleaseAndPgoAreGatedAt2Percent() {
        GateSpec g = parse(HEAD).gate();
        assertThat(g.variants()).extracting(Variant::name).containsExactly("release", "pgo");
        assertThat(g.bound()).isEqualTo(2.0);
        assertThat(g.bounds()).isEmpty();
        assertThat(g.inconclusive()).isEqualTo("fail");
    }

    @Test
    void aSuitesBoundsAreReadAndItsPrefixIsNotAMetricName() {
        Config c = parse(HEAD.replace("command = \"{binary} y\"", """
                command = "{binary} --benchmark_format=json"
                parser = "google-benchmark"
                bound = { micro = 5, "micro.BM_Fib_10" = 10 }
                """) + """
                [gate]
                bounds = { micro = 3 }
                """);
        assertThat(c.bench().get(0).bounds()).containsEntry("micro", 5.0).containsEntry("micro.BM_Fib_10", 10.0);
        assertThat(c.gate().bounds()).containsEntry("micro", 3.0);
        // a [[bench.metric]] named micro.* would be taken for a benchmark of a suite and gated as one
        assertThatThrownBy(() -> parse(HEAD + """
                [[bench.metric]]
                name = "micro.latency"
                regex = "lat=([0-9.]+)"
                """)).hasMessageContaining("'micro.latency' starts with 'micro.'").hasMessageContaining("name = \"latency\"");
    }

    @Test
    void theGateTableAndTheWorkloadsBoundsAreRead() {
        Config c = parse(HEAD.replace("command = \"{binary} y\"", """
                command = "{binary} y"
                bound = { wall_time = 5 }
                [[bench.metric]]
                name = "rps"
                regex = "rps=([0-9.]+)"
                direction = "higher"
                bound = 3
                """) + """
                [gate]
                variants = ["pgo", "lto"]
                bound = 1.5
                bounds = { max_rss = 10 }
                inconclusive = "pass"
                """);
        assertThat(c.gate().variants()).extracting(Variant::name).containsExactly("pgo", "lto");
        assertThat(c.gate().bound()).isEqualTo(1.5);
        assertThat(c.gate().bounds()).containsEntry("max_rss", 10.0);
        assertThat(c.gate().inconclusive()).isEqualTo("pass");
        assertThat(c.bench().get(0).bounds()).containsEntry("wall_time", 5.0).containsEntry("rps", 3.0);
    }

    @Test
    void flamegraphIsOffUnlessTheGateTableAsksForIt() {
        assertThat(parse(HEAD).gate().flamegraph()).isFalse();
        assertThat(parse(HEAD + "[gate]\nflamegraph = true\n").gate().flamegraph()).isTrue();
    }

    @Test
    void anUnknownInconclusivePolicyIsNamedWithItsLineAndTheClosestValue() {
        assertThatThrownBy(() -> parse(HEAD + "[gate]\ninconclusive = \"pas\"\n"))
                .hasMessageContaining("pgolab.toml:15").hasMessageContaining("gate.inconclusive")
                .hasMessageContaining("did you mean \"pass\"");
    }

    @Test
    void aNegativeBoundAndAMisspelledMetricAreRefused() {
        assertThatThrownBy(() -> parse(HEAD + "[gate]\nbound = -1\n")).hasMessageContaining("gate.bound");
        assertThatThrownBy(() -> parse(HEAD + "[gate]\nbounds = { cpu_tme = 2 }\n"))
                .hasMessageContaining("unknown metric 'cpu_tme'").hasMessageContaining("did you mean 'cpu_time'");
        assertThatThrownBy(() -> parse(HEAD.replace("command = \"{binary} y\"", "command = \"{binary} y\"\nbound = { rps = 2 }")))
                .hasMessageContaining("bench.b.bound").hasMessageContaining("unknown metric 'rps'");
    }

    @Test
    void anUnknownKeyAndAnUnknownVariantAreRefused() {
        assertThatThrownBy(() -> parse(HEAD + "[gate]\nbonud = 2\n")).hasMessageContaining("bonud");
        assertThatThrownBy(() -> parse(HEAD + "[gate]\nvariants = [\"pgoo\"]\n")).hasMessageContaining("gate.variants");
    }

    @Test
    void aMetricBoundedTwiceIsRefused() {
        assertThatThrownBy(() -> parse(HEAD.replace("command = \"{binary} y\"", """
                command = "{binary} y"
                bound = { rps = 5 }
                [[bench.metric]]
                name = "rps"
                regex = "rps=([0-9.]+)"
                bound = 3
                """))).hasMessageContaining("'rps' has a bound here and in its [[bench.metric]] entry");
    }

    @Test
    void gateWorktreesKeptDefaultToFourAndAreChecked() {
        assertThat(parse(HEAD).gate().worktrees()).isEqualTo(GateSpec.DEFAULT_WORKTREES).isEqualTo(4);
        assertThat(parse(HEAD + "[gate]\nworktrees = 10\n").gate().worktrees()).isEqualTo(10);
        assertThatThrownBy(() -> parse(HEAD + "[gate]\nworktrees = 1\n")).hasMessageContaining("gate.worktrees")
                .hasMessageContaining("must be between 2 and 1000");
        assertThatThrownBy(() -> parse(HEAD + "[gate]\nworktrees = 3.5\n")).hasMessageContaining("gate.worktrees")
                .hasMessageContaining("whole number");
        // the fix of a wrong type is a valid value (not the generic "= 1")
        assertThatThrownBy(() -> parse(HEAD + "[gate]\nworktrees = \"4\"\n")).hasMessageContaining("must be a number")
                .hasMessageContaining("worktrees = 4");
    }
}
