package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pgolab.Tool;
import io.pgolab.toolchain.elf.ElfFunctions;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The layout check (issue 13, item 4): relink-N builds with real clang/gcc and lld, and bench --layout-check. */
class LayoutCheckIT {
    @TempDir
    Path tmp;

    private static final String TRAIN = "[[train]]\nname = \"t\"\ncommand = \"{binary} run 200000\"\n"
            + "[[bench]]\nname = \"b\"\ncommand = \"{binary} run 30000000\"\n";

    private static void requireLld() {
        Tool.require(ToolLocator.llvmTool(19, "ld.lld").isPresent(), "ld.lld-19 (lld-19)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"clang", "gcc"})
    void relinkedBuildsMoveTheFunctionsAndTheAuditSaysSo(String kind) throws Exception {
        requireLld();
        Path p = TinyProject.create(tmp.resolve(kind), kind, "\"release\"", TRAIN);
        Cli.Result r = Cli.run(p, "build", "relink-1", "relink-2");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("-ffunction-sections, shuffled link");
        List<String> one = ElfFunctions.inOrder(p.resolve(".pgolab/build/relink-1/hot")).orElseThrow();
        List<String> two = ElfFunctions.inOrder(p.resolve(".pgolab/build/relink-2/hot")).orElseThrow();
        assertThat(one).contains("main", "hot_loop").containsExactlyInAnyOrderElementsOf(two);
        assertThat(ElfFunctions.moved(one, two)).isPositive();
        // The same seed gives the same order: a rebuild is the same layout, not a new draw.
        Cli.Result again = Cli.run(p, "build", "relink-1");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(ElfFunctions.inOrder(p.resolve(".pgolab/build/relink-1/hot")).orElseThrow()).isEqualTo(one);
    }

    @Test
    void aBuildThatDropsTheLinkFlagsFailsTheAuditInsteadOfMeasuringOneLayoutTwice() throws Exception {
        requireLld();
        Path p = TinyProject.create(tmp.resolve("noldflags"), "clang", "\"release\"", TRAIN);
        Path toml = p.resolve("pgolab.toml");
        Files.writeString(toml, Files.readString(toml).replace("{cc} {ldflags} {builddir}/hot.o", "{cc} {builddir}/hot.o"));
        Cli.Result r = Cli.run(p, "build", "relink-1");
        assertThat(r.exitCode()).as(r.all()).isNotZero();
        assertThat(r.err()).contains("the relink-1 build did not move its functions", "the link had no --shuffle-sections",
                "\"no-shuffle\"");
    }

    @Test
    void benchWithTheLayoutCheckReportsTheNoiseBesideTheChangeAndNeverGatesOnIt() throws Exception {
        requireLld();
        Path p = TinyProject.create(tmp.resolve("bench"), "clang", "\"release\", \"pgo\"", TRAIN);
        Cli.Result r = Cli.run(p, "bench", "--layout-check", "--max-time", "8s", "--min-rounds", "6",
                "--json", "out.json", "--markdown", "out.md");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("layout check: relink-1 vs relink-2, the release code linked with its functions",
                        "cpu_time: relink-2 vs relink-1", "layout alone moved cpu_time by up to")
                .containsPattern("pgo cpu_time [-+][0-9.]+% \\[.*\\]: (beyond the layout noise|within the layout bound)")
                .doesNotContain("release vs relink-1");
        JsonNode tree = new ObjectMapper().readTree(p.resolve("out.json").toFile());
        io.pgolab.report.JsonShape.assertAdditionsDocumented(tree, "workloads[].layout_check");
        JsonNode w = tree.at("/workloads/0");
        assertThat(w.at("/subjects").toString()).contains("relink-1", "relink-2");
        JsonNode l = w.at("/layout_check");
        assertThat(l.at("/variants").toString()).isEqualTo("[\"relink-1\",\"relink-2\"]");
        assertThat(l.at("/functions_moved").asInt()).isPositive();
        assertThat(l.at("/comparisons/0/candidate").asText()).isEqualTo("relink-2");
        assertThat(l.at("/comparisons/0/gated").asBoolean()).isFalse();
        assertThat(l.at("/bound_percent/cpu_time").asDouble()).isPositive();
        assertThat(w.at("/comparisons").toString()).doesNotContain("relink");
        assertThat(Files.readString(p.resolve("out.md"))).contains("layout check: relink-1 vs relink-2");
    }

    @Test
    void theLadderReadsEachStepAgainstTheLayoutNoiseAndKeepsRelinksOutOfItsSteps() throws Exception {
        requireLld();
        Path p = TinyProject.create(tmp.resolve("ladder"), "clang", "\"release\", \"pgo\"", TRAIN);
        Cli.Result r = Cli.run(p, "ladder", "release", "pgo", "--layout-check", "--max-time", "6s", "--json", "l.json");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("b:\n  layout check: relink-1 vs relink-2")
                .containsPattern("pgo cpu_time [-+][0-9.]+% \\[.*\\]: (beyond the layout noise|within the layout bound)");
        JsonNode tree = new ObjectMapper().readTree(p.resolve("l.json").toFile());
        assertThat(tree.at("/ladder/steps").toString()).doesNotContain("relink");
        assertThat(tree.at("/bench/workloads/0/layout_check/variants").toString()).isEqualTo("[\"relink-1\",\"relink-2\"]");
    }

    @Test
    void aSeedOutOfRangeIsAnUnknownVariantWithTheRange() throws Exception {
        Path p = TinyProject.create(tmp.resolve("unknown"), "clang", "\"release\"", TRAIN);
        Cli.Result bad = Cli.run(p, "build", "relink-0");
        assertThat(bad.exitCode()).isNotZero();
        assertThat(bad.err()).contains("unknown variant 'relink-0'", "relink-1 to relink-9999");
    }
}
