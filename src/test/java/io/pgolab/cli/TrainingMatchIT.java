package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Does training match the benchmark, on a two-path C program: training runs only sum_path, one bench
 * workload runs hash_path (never trained) and one runs sum_path. With clang and with gcc.
 */
class TrainingMatchIT {
    static final String SOURCE = """
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>

            __attribute__((noinline)) static unsigned long sum_path(unsigned long n) {
                unsigned long s = 0;
                for (unsigned long i = 0; i < n; i++) s += i * i % 7;
                return s;
            }

            __attribute__((noinline)) static unsigned long hash_path(unsigned long n) {
                unsigned long h = 5381;
                for (unsigned long i = 0; i < n; i++) h = (h * 33) ^ (i & 0xff);
                return h;
            }

            int main(int argc, char **argv) {
                if (argc < 3) return 2;
                unsigned long n = strtoul(argv[2], NULL, 10);
                printf("%lu\\n", strcmp(argv[1], "hash") == 0 ? hash_path(n) : sum_path(n));
                return 0;
            }
            """;

    @TempDir
    Path tmp;

    private Path project(String kind) throws Exception {
        Tool.require(kind.equals("gcc") ? ToolLocator.onPath("gcc").isPresent() : ToolLocator.onPath("clang-19").isPresent()
                || ToolLocator.onPath("clang").isPresent(), kind);
        Path p = tmp.resolve(kind);
        Files.createDirectories(p);
        Files.writeString(p.resolve("hot.c"), SOURCE);
        Files.writeString(p.resolve("pgolab.toml"), TinyProject.config(kind, "\"release\", \"pgo\"",
                TinyProject.train("sum", "{binary} sum 300000") + """
                        [[bench]]
                        name = "hash"
                        command = "{binary} hash 300000"

                        [[bench]]
                        name = "sum"
                        command = "{binary} sum 300000"
                        """));
        return p;
    }

    @ParameterizedTest
    @ValueSource(strings = {"clang", "gcc"})
    void namesTheFunctionTheBenchRunsAndTrainingNeverRan(String kind) throws Exception {
        Path p = project(kind);
        Path json = tmp.resolve(kind + ".json");
        Cli.Result r = Cli.run(p, "profile", "--against-bench", "--json", json.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        String out = r.out();
        assertThat(out).contains("does training match the benchmark?");
        // hash: nearly all of its counts are in hash_path, which training never ran
        assertThat(out).containsPattern("hash\\s+(9\\d|100)% of \\d+ (block|arc) counts in functions training left cold");
        assertThat(out).containsPattern("\\s(9\\d|100)%\\s+hash_path( \\(hot.c\\))?\\s+\\(training: never ran\\)");
        assertThat(out).containsPattern("fix: bench hash spends (9\\d|100)% of its (block|arc) counts in hash_path"
                + "( \\(hot.c\\))?, which no training workload ran: add a training workload like it");
        assertThat(out).contains("ok: training covers bench sum");
        assertThat(out).contains("summary: training does not match 1 of 2 bench workload(s)");

        var tree = Json.MAPPER.readTree(json.toFile());
        var match = tree.get("training_match").get(0);
        assertThat(match.get("measure").asText()).isEqualTo(kind.equals("gcc") ? "arc counts" : "block counts");
        assertThat(match.get("workloads")).hasSize(2);
        var hash = match.get("workloads").get(0);
        assertThat(hash.get("name").asText()).isEqualTo("hash");
        assertThat(hash.get("mismatch").asBoolean()).isTrue();
        assertThat(hash.get("cold_share").asDouble()).isGreaterThan(0.9);
        assertThat(hash.get("cold").get(0).get("name").asText()).endsWith("hash_path");
        assertThat(hash.get("cold").get(0).get("training_count").asLong()).isZero();
        assertThat(match.get("workloads").get(1).get("mismatch").asBoolean()).isFalse();

        // The bench runs' profiles live apart and never feed the build: the training record is unchanged,
        // made of the [[train]] workload only, and a second build trains and rebuilds nothing.
        assertThat(Path.of(hash.get("profile").asText())).startsWith(p.resolve(".pgolab/profiles/against-bench/all"));
        ProfileRecord rec = Json.read(p.resolve(".pgolab/profiles/current.json"), ProfileRecord.class);
        assertThat(rec.workloads()).extracting(ProfileRecord.WorkloadRun::name).containsExactly("sum");
        Cli.Result again = Cli.run(p, "build");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.all()).contains("training: up to date").doesNotContain("bench run (instrumented)");
        assertThat(Json.read(p.resolve(".pgolab/profiles/current.json"), ProfileRecord.class).sha256()).isEqualTo(rec.sha256());
    }

    @ParameterizedTest
    @ValueSource(strings = {"clang"})
    void benchRunsTheCheckWhenPgoRegressesAndCanBeToldNotTo(String kind) throws Exception {
        Path p = project(kind);
        // A gated metric that makes pgo regress for sure: 2 for the pgo binary, 1 for any other.
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml")).replace("""
                name = "hash"
                command = "{binary} hash 300000"
                """, """
                name = "hash"
                command = "{binary} hash 300000; grep -qF {binary} {config_dir}/.pgolab/variants/pgo.json && echo score=2 || echo score=1"
                primary = ["score"]
                [[bench.metric]]
                name = "score"
                regex = "score=(\\\\d+)"
                """));
        Cli.Result r = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5", "--warmup", "0");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).containsPattern("score .* regressed");
        assertThat(r.all()).contains("checking whether training matches the benchmark");
        assertThat(r.out()).contains("does training match the benchmark?", "fix: bench hash spends");

        Cli.Result off = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5", "--warmup", "0",
                "--no-training-check");
        assertThat(off.exitCode()).as(off.all()).isZero();
        assertThat(off.out()).containsPattern("score .* regressed");
        assertThat(off.all()).doesNotContain("does training match the benchmark?");
    }
}
