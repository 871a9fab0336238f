package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.util.Json;
import io.pgolab.util.OutputFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Workloads that print invalid UTF-8, terminal escapes, or a lot: pgolab still measures and stays readable. */
class ForeignOutputIT {
    /** Invalid UTF-8, a clear-screen, a title change and a colour, then a line of text. */
    static final String HOSTILE = "printf 'caf\\351 \\377\\376 \\033]0;pwned\\007\\033[2J\\033[31mred\\n'";

    @TempDir
    Path tmp;

    @Test
    void invalidUtf8AndEscapesStillGiveAVerdict() {
        Cli.Result r = Cli.run(tmp, "compare", "--min-rounds", "5", "--max-rounds", "5", "-n", "one", "-n", "two",
                HOSTILE + "; true", HOSTILE + "; true");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("one vs two").containsAnyOf("no_change", "inconclusive", "improved", "regressed");
        assertThat(r.all()).doesNotContain("I/O failure", "Input length", "\u001b");
    }

    @Test
    void aFailingWorkloadsOutputIsShownWithItsControlCharactersVisible() {
        Cli.Result r = Cli.run(tmp, "compare", "--min-rounds", "5", "true", "(" + HOSTILE + ") >&2; exit 3");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("failed during measurement (exited with 3)")
                .contains("caf\uFFFD \uFFFD\uFFFD \\e]0;pwned\\x07\\e[2J\\e[31mred")
                .doesNotContain("\u001b", "\u0007");
    }

    @Test
    void aBenchPrinting200MbKeepsOnlyACappedOutputPerRun() throws Exception {
        Path p = TinyProject.create(tmp.resolve("p"), "gcc", "\"release\", \"lto\"", """
                [[bench]]
                name = "flood"
                command = "{binary} run 1000 && head -c 200M /dev/zero | tr '\\\\0' x && echo && echo ops=1000"
                [[bench.metric]]
                name = "operations"
                regex = 'ops=(\\d+)'
                unit = "ops"
                direction = "higher"
                """);
        Path json = tmp.resolve("bench.json");
        Cli.Result r = Cli.run(p, "bench", "--warmup", "0", "--min-rounds", "5", "--max-rounds", "5",
                "--json", json.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        var w = Json.MAPPER.readTree(json.toFile()).get("workloads").get(0);
        assertThat(w.get("medians").get("release").get("operations").asDouble()).isEqualTo(1000);
        List<Path> kept;
        try (Stream<Path> s = Files.walk(p.resolve(".pgolab/runs"))) {
            kept = s.filter(Files::isRegularFile).toList();
        }
        assertThat(kept).extracting(f -> f.getFileName().toString()).contains("stdout", "stderr");
        for (Path f : kept) {
            assertThat(Files.size(f)).as(f.toString())
                    .isLessThanOrEqualTo(OutputFile.HEAD_BYTES + OutputFile.TAIL_BYTES + 100L);
        }
        assertThat(Files.readString(p.resolve(".pgolab/runs/bench/release/stdout")))
                .startsWith("result=").contains(" bytes cut)\n").endsWith("\nops=1000\n");
    }
}
