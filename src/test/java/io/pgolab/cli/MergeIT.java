package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * pgolab merge on a real gate's results (clang builds of a two-commit repository, measured under valgrind) and on
 * copies of them as a second and third host would have written them: one section per host, one verdict that passes
 * only when every host passed, results of another commit refused unless forced.
 */
class MergeIT {
    @TempDir
    Path tmp;

    @Test
    void twoHostsGiveOneReportWithTwoSectionsAndOneVerdict() throws Exception {
        Tool.require(ToolLocator.onPath("clang-19").isPresent(), "clang-19");
        Tool.require(ToolLocator.onPath("valgrind").isPresent(), "valgrind");
        Path repo = GateSample.create(tmp.resolve("repo"), "variants = [\"release\"]\nbound = 2");
        GateSample.changeComment(repo);
        Path x86 = tmp.resolve("x86/gate.json");
        Cli.Result gate = Cli.run(repo, "gate", "--base", "HEAD~1", "--deterministic", "--min-rounds", "5",
                "--max-rounds", "5", "--host-label", "x86-metal", "--json", x86.toString(), "--measure-same");
        assertThat(gate.exitCode()).as(gate.all()).isZero();

        Path arm = tmp.resolve("arm64/gate.json");
        Files.createDirectories(arm.getParent());
        Files.writeString(arm, edited(x86, d -> ((ObjectNode) d.get("gate")).put("host", "arm64-metal")));
        Path md = tmp.resolve("merged.md");
        Path json = tmp.resolve("merged.json");
        Cli.Result ok = Cli.run(tmp, "merge", x86.toString(), arm.toString(), "--markdown", md.toString(), "--json",
                json.toString());
        assertThat(ok.exitCode()).as(ok.all()).isZero();
        assertThat(ok.out()).contains("on 2 hosts (x86-metal, arm64-metal): passed on every host; all 2 measures within bounds.",
                "== x86-metal", "== arm64-metal");
        String markdown = Files.readString(md);
        assertThat(markdown.lines().findFirst().orElseThrow()).startsWith("Compared ");
        assertThat(markdown).contains("### x86-metal", "### arm64-metal");
        JsonNode merged = Json.MAPPER.readTree(json.toFile());
        assertThat(merged.get("schema").asText()).isEqualTo("pgolab-merge/1");
        assertThat(merged.get("hosts")).hasSize(2);
        // each host keeps its own samples
        assertThat(merged.get("hosts").get(1).get("workloads").get(0).get("comparisons").get(0).get("baseline_samples"))
                .hasSize(5);

        Path failing = tmp.resolve("arm64/failing.json");
        // a host whose bound was tighter (it may not even stay the same): its measures out of bounds, by their numbers
        Files.writeString(failing, edited(x86, d -> {
            ObjectNode g = ((ObjectNode) d.get("gate")).put("host", "arm64-metal").put("passed", false);
            g.put("measures_out_of_bounds", g.get("measures").size()).put("measures_within_bounds", 0);
            g.get("measures").forEach(m -> ((ObjectNode) m).put("bound_percent", -5).put("verdict", "out_of_bounds"));
        }));
        Cli.Result red = Cli.run(tmp, "merge", x86.toString(), failing.toString());
        assertThat(red.exitCode()).as(red.all()).isEqualTo(1);
        assertThat(red.out()).contains("failed on arm64-metal (1 out of bounds, 0 inconclusive)");

        // the same file claiming it passed: refused, naming the file and the measure (issue 27)
        Path claims = tmp.resolve("arm64/claims.json");
        Files.writeString(claims, edited(failing, d -> ((ObjectNode) d.get("gate")).put("passed", true)));
        Cli.Result lie = Cli.run(tmp, "merge", x86.toString(), claims.toString());
        assertThat(lie.exitCode()).as(lie.all()).isEqualTo(2);
        assertThat(lie.err()).contains(claims.toString(), "disagrees", "passed: true");

        Path other = tmp.resolve("other.json");
        Files.writeString(other, edited(x86, d -> {
            ObjectNode g = (ObjectNode) d.get("gate");
            g.put("host", "arm64-metal");
            ((ObjectNode) g.get("candidate")).put("commit", "0".repeat(40));
        }));
        Cli.Result refused = Cli.run(tmp, "merge", x86.toString(), other.toString());
        assertThat(refused.exitCode()).isEqualTo(2);
        assertThat(refused.err()).contains("cannot be merged", "the candidate commit differs", "--force");
        Cli.Result forced = Cli.run(tmp, "merge", x86.toString(), other.toString(), "--force");
        assertThat(forced.exitCode()).as(forced.all()).isZero();
        assertThat(forced.out()).contains("merged with --force although the candidate commit differs");

        Cli.Result twice = Cli.run(tmp, "merge", x86.toString(), x86.toString());
        assertThat(twice.exitCode()).isEqualTo(2);
        assertThat(twice.err()).contains("host 'x86-metal' twice");

        Cli.Result notGate = Cli.run(tmp, "merge", md.toString());
        assertThat(notGate.exitCode()).isEqualTo(2);
        assertThat(notGate.err()).doesNotContain("Exception");
    }

    private static String edited(Path file, java.util.function.Consumer<JsonNode> edit) throws Exception {
        JsonNode d = Json.MAPPER.readTree(file.toFile());
        edit.accept(d);
        return Json.MAPPER.writeValueAsString(d);
    }
}
