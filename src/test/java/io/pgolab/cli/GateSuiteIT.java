package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One config, one gate, one comment: a real clang build that makes the program and, as a named artifact, a tiny C
 * "suite" printing Go benchmark lines (12 benchmarks, constant ns/op, so the verdicts do not depend on this machine);
 * the program measured under valgrind (--deterministic). The candidate changes one benchmark's figure by 10% and not
 * the program: both sections in one verdict, long tables folded, the suite's artifact counted among the programs.
 */
class GateSuiteIT {
    @TempDir
    Path tmp;

    static final String CONFIG = """
            [project]
            name = "suite-sample"
            variants = ["release"]

            [toolchain]
            kind = "clang"

            [build]
            command = "{cc} -O2 {cflags} {srcdir}/work.c -o {builddir}/work {ldflags} && {cc} -O2 {cflags} {srcdir}/suite.c -o {builddir}/suite {ldflags}"
            artifact = "{builddir}/work"
            artifacts = { suite = "{builddir}/suite" }

            [[bench]]
            name = "loop"
            command = "{binary} 1000000"

            [[bench]]
            name = "micro"
            command = "{artifact:suite} -test.bench ."
            parser = "go-test"

            [gate]
            bound = 2
            """;

    static final String SUITE = """
            #include <stdio.h>
            int main(void) {
                for (int i = 0; i < 12; i++) {
                    printf("BenchmarkB%02d-2 \\t 1000000 \\t %d ns/op\\n", i, i == 5 ? SLOW : 1000 + 10 * i);
                }
                printf("PASS\\n");
                return 0;
            }
            """;

    @BeforeEach
    void tools() {
        Tool.require(ToolLocator.onPath("clang-19").isPresent(), "clang-19");
        Tool.require(ToolLocator.onPath("valgrind").isPresent(), "valgrind");
        Tool.require(ToolLocator.onPath("git").isPresent(), "git");
    }

    private Path repo(String config) throws Exception {
        Path repo = tmp.resolve("repo");
        Files.createDirectories(repo);
        Files.copy(GateSample.FILES.resolve("work.c"), repo.resolve("work.c"));
        Files.writeString(repo.resolve("suite.c"), "#define SLOW 1050\n" + SUITE);
        Files.writeString(repo.resolve(".gitignore"), ".pgolab/\n");
        Files.writeString(repo.resolve("pgolab.toml"), config);
        GateSample.git(repo, "init", "-q", "-b", "main");
        GateSample.commitAll(repo, "base");
        return repo;
    }

    @Test
    void oneGateMeasuresTheProgramAndItsSuiteAndWritesOneCommentWithBothSections() throws Exception {
        Path repo = repo(CONFIG);
        Files.writeString(repo.resolve("suite.c"), "#define SLOW 1155\n" + SUITE);   // B05 10% slower
        GateSample.commitAll(repo, "a slower benchmark");
        Path out = tmp.resolve("out");
        Cli.Result r = Cli.run(repo, "gate", "--base", "HEAD~1", "--deterministic", "--min-rounds", "5", "--max-rounds",
                "5", "--host-label", "test-host", "--json", out.resolve("results.json").toString(), "--markdown",
                out.resolve("gate.md").toString(), "--verdict", out.resolve("verdict.json").toString());
        // the program is the same bytes, its suite is not: measured, and one verdict over both
        assertThat(r.exitCode()).as(r.all()).isEqualTo(1);
        assertThat(r.out()).contains("Program: all 1 measure within bounds.",
                "Microbench: 1 of 12 measures out of bounds: release micro.BenchmarkB05 on micro +10.0%");
        String md = Files.readString(out.resolve("gate.md"));
        assertThat(md).startsWith("Compared ").contains("### Program\n\nProgram: all 1 measure within bounds.",
                "### Microbench\n\nMicrobench: 1 of 12 measures out of bounds", "<details><summary>loop: 1 row, all within"
                        + " bounds</summary>", "<details><summary>micro: all 13 rows</summary>", "Runner noise: ",
                "smallest change detectable at 5 rounds: ");   // --max-rounds 5: the cap
        assertThat(md.indexOf("| micro.BenchmarkB05 |")).isLessThan(md.indexOf("<details><summary>micro:"));
        JsonNode v = Json.MAPPER.readTree(out.resolve("verdict.json").toFile());
        assertThat(v.get("program").asText()).isEqualTo("Program: all 1 measure within bounds.");
        assertThat(v.get("microbench").asText()).startsWith("Microbench: 1 of 12 measures out of bounds");
        assertThat(v.get("passed").asBoolean()).isFalse();

        // the suite runs from the store, beside the program it was built with
        JsonNode doc = Json.MAPPER.readTree(out.resolve("results.json").toFile());
        assertThat(doc.get("commands").toString()).containsPattern("/bin/[0-9a-f]+/artifacts/suite -test\\.bench \\.");

        // read again and merged: the same sections; merge links the host's report
        Cli.Result again = Cli.run(repo, "report", out.resolve("results.json").toString(), "--markdown", "-");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.out()).contains("### Program", "### Microbench", "<details>");
        Cli.Result merged = Cli.run(repo, "merge", out.resolve("results.json").toString(), "--link",
                "test-host=https://example.org/r/report-test-host.html", "--markdown", "-");
        assertThat(merged.exitCode()).as(merged.all()).isEqualTo(1);
        assertThat(merged.out()).contains("#### Program", "#### Microbench",
                "[HTML report](https://example.org/r/report-test-host.html)");
        Cli.Result badLink = Cli.run(repo, "merge", out.resolve("results.json").toString(), "--link",
                "elsewhere=https://example.org/x", "--markdown", "-");
        assertThat(badLink.exitCode()).isEqualTo(2);
        assertThat(badLink.err()).contains("no merged host is labelled 'elsewhere'").doesNotContain("Exception");
    }

    @Test
    void aNamedArtifactTheBuildDidNotWriteFailsTheBuildNamingIt() throws Exception {
        Path repo = repo(CONFIG.replace("artifacts = { suite = \"{builddir}/suite\" }",
                "artifacts = { suite = \"{builddir}/suite\", extra = \"{builddir}/extra\" }"));
        Cli.Result r = Cli.run(repo, "build", "release");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("the build of 'release' succeeded but did not produce its artifact 'extra'",
                "build.artifacts.extra").doesNotContain("Exception");
        // declared and written: built, published beside the program, reused when asked again
        Files.writeString(repo.resolve("pgolab.toml"), CONFIG);
        Cli.Result ok = Cli.run(repo, "build", "release");
        assertThat(ok.exitCode()).as(ok.all()).isZero();
        try (var s = Files.find(repo.resolve(".pgolab/bin"), 3, (p, a) -> p.endsWith("artifacts/suite"))) {
            assertThat(s.toList()).hasSize(1);
        }
    }
}
