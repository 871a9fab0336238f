package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.process.Exec;
import io.pgolab.report.JsonShape;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** pgolab compare on real processes: verdicts, outputs in every format, the regression gate, errors. */
class CompareIT {
    @TempDir
    Path tmp;
    String spin;

    @BeforeEach
    void compileSpin() throws Exception {
        Path src = Path.of("bench/aa/spin.c").toAbsolutePath();
        spin = tmp.resolve("spin").toString();
        Exec.Result r = Exec.capture(null, List.of("gcc", "-O2", "-o", spin, src.toString()));
        assertThat(r.exitCode()).as(r.output()).isZero();
    }

    @Test
    void twiceTheWorkIsRegressedAndEveryOutputIsWritten() throws Exception {
        Cli.Result r = Cli.run(tmp, "compare", "--min-rounds", "6", "--max-rounds", "6", "--fail-on", "regression",
                "--json", "c.json", "--markdown", "c.md", "--csv", "c.csv", "-n", "base", "-n", "double",
                spin + " 20", spin + " 40");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.out()).contains("base vs double").contains("regressed").contains("gated measure(s) regressed");

        var tree = Json.MAPPER.readTree(tmp.resolve("c.json").toFile());
        var cpu = tree.get("comparisons").get(0);
        assertThat(cpu.get("metric").asText()).isEqualTo("cpu_time");
        for (String key : List.of("baseline", "candidate", "metric", "ratio", "ci_low", "ci_high", "p_value", "verdict")) {
            assertThat(cpu.has(key)).as(key).isTrue();
        }
        assertThat(cpu.get("ratio").asDouble()).isBetween(1.6, 2.4);
        assertThat(cpu.get("verdict").asText()).isEqualTo("regressed");
        assertThat(tree.get("workloads").get(0).get("runs")).hasSize(12);
        assertThat(tree.get("environment").get("cores").asInt()).isPositive();
        // the same keys, nesting and value types as a file of the previous version
        JsonShape.assertCompatible(tree, "compare-0.1.0.json");
        assertThat(tree.get("commands").toString()).contains("spin 20");

        assertThat(Files.readString(tmp.resolve("c.md"))).contains("| base → double | cpu_time (gated) |").contains("regressed");
        List<String> csv = Files.readAllLines(tmp.resolve("c.csv"));
        assertThat(csv.get(0)).isEqualTo("workload,subject,round,position,metric,value");
        assertThat(csv).anyMatch(l -> l.startsWith("compare,double,6,") && l.contains(",cpu_time,"));
    }

    @Test
    void anyCommandCanBeTheBaselineAndEveryOutputSaysWhichOne() throws Exception {
        Cli.Result r = Cli.run(tmp, "compare", "--min-rounds", "6", "--max-rounds", "6", "--baseline", "upstream",
                "--json", "b.json", "--markdown", "b.md", "--html", "b.html",
                "-n", "ours", "-n", "upstream", "-n", "double", spin + " 20", spin + " 20", spin + " 40");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).startsWith("pgolab compare (baseline: upstream)\n")
                .contains("upstream vs ours").contains("upstream vs double").doesNotContainPattern("(?m)^  (ours|double) vs ");
        var tree = Json.MAPPER.readTree(tmp.resolve("b.json").toFile());
        assertThat(tree.get("workloads").get(0).get("subjects").toString()).isEqualTo("[\"upstream\",\"ours\",\"double\"]");
        for (var c : tree.get("comparisons")) {
            assertThat(c.get("baseline").asText()).isEqualTo("upstream");
        }
        assertThat(tree.get("comparisons").findValuesAsText("candidate")).contains("ours", "double");
        assertThat(Files.readString(tmp.resolve("b.md"))).contains("## pgolab compare (baseline: upstream)")
                .contains("| upstream → double |");
        assertThat(Files.readString(tmp.resolve("b.html"))).contains("<h1>pgolab compare (baseline: upstream)</h1>")
                .contains("upstream → double");
        // the results file read back names it too
        Cli.Result report = Cli.run(tmp, "report", "b.json", "--markdown", "-");
        assertThat(report.out()).contains("pgolab compare (baseline: upstream)");
        // by number: the third
        Cli.Result third = Cli.run(tmp, "compare", "--min-rounds", "6", "--max-rounds", "6", "--baseline", "3",
                spin + " 20", spin + " 40");
        assertThat(third.exitCode()).isEqualTo(2);
        assertThat(third.err()).contains("--baseline '3' is none of the 2 commands")
                .contains("1 or '#1' (" + spin + " 20)").doesNotContain("Exception");
    }

    @Test
    void improvementPassesTheGate() {
        Cli.Result r = Cli.run(tmp, "compare", "--min-rounds", "6", "--max-rounds", "6", "--fail-on", "regression",
                spin + " 40", spin + " 20");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("improved").contains("All gated measures within bounds");
    }

    @Test
    void aaRunGivesANoiseFloorReport() throws Exception {
        Cli.Result r = Cli.run(tmp, "compare", "--aa", "--min-rounds", "6", "--max-rounds", "8", "--json", "aa.json", spin + " 10");
        assertThat(r.exitCode()).as(r.all()).isZero();
        var tree = Json.MAPPER.readTree(tmp.resolve("aa.json").toFile());
        assertThat(tree.get("workloads").get(0).get("subjects").toString()).contains("\"A\"", "\"A'\"");
        assertThat(tree.get("workloads").get(0).get("stop_reason").asText()).isNotEmpty();
    }

    @Test
    void deterministicModeCountsInstructionsRepeatably() throws Exception {
        Cli.Result r = Cli.run(tmp, "compare", "--deterministic", "--min-rounds", "5", "--max-rounds", "5",
                "--json", "det.json", spin + " 1", spin + " 2");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("det.instructions", "Deterministic mode", "proxy");
        var tree = Json.MAPPER.readTree(tmp.resolve("det.json").toFile());
        for (var c : tree.get("comparisons")) {
            if (c.get("metric").asText().equals("det.instructions")) {
                // the same binary and input give the same count every run, and twice the loop about twice the count
                var samples = c.get("baseline_samples");
                assertThat(samples.get(0).asDouble()).isEqualTo(samples.get(4).asDouble());
                assertThat(c.get("ratio").asDouble()).isBetween(1.8, 2.1);
                assertThat(c.get("verdict").asText()).isEqualTo("regressed");
                assertThat(c.get("gated").asBoolean()).isTrue();
            }
        }
        assertThat(tree.get("method").get("deterministic").asBoolean()).isTrue();
    }

    @Test
    void aFailingRunStopsWithItsOutput() {
        Cli.Result r = Cli.run(tmp, "compare", "--min-rounds", "6", spin + " 1", "echo broken input >&2; exit 3");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("failed during measurement (exited with 3)").contains("broken input");
    }

    @Test
    void badOptionsAreExplained() {
        assertThat(Cli.run(tmp, "compare", "true").err()).contains("at least two commands");
        assertThat(Cli.run(tmp, "compare", "--max-time", "soon", "true", "false").err()).contains("--max-time 'soon' is not a duration");
        assertThat(Cli.run(tmp, "compare", "--aa", "a", "b").err()).contains("--aa takes exactly one command");
    }
}
