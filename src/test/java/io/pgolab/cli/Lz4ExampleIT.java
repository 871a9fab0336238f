package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Does training match the benchmark, on a real program where it does not: lz4 from its upstream
 * source (fetched at test time by examples/lz4/fetch.sh from Debian's source package), trained at
 * -1 only and benched at -1, -9 and -12. The report must find the high-compression code (lib/lz4hc.c)
 * cold in training, and the fast level covered.
 */
class Lz4ExampleIT {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"clang", "gcc"})
    void profileAgainstBenchFindsTheHighCompressionLevelsUntrained(String kind) throws Exception {
        Tool.require(kind.equals("gcc") ? ToolLocator.onPath("gcc").isPresent() : ToolLocator.onPath("clang-19").isPresent(),
                kind);
        Path example = Path.of("examples/lz4").toAbsolutePath();
        Path p = tmp.resolve("lz4");
        Files.createDirectories(p);
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(example.resolve("pgolab.toml"))
                .replace("kind = \"clang\"", "kind = \"" + kind + "\""));
        Exec.Result fetch = Exec.capture(null, example, Map.of(),
                List.of("bash", example.resolve("fetch.sh").toString(), p.resolve("upstream/lz4").toString()), 600);
        assertThat(fetch.exitCode()).as(fetch.output()).isZero();

        Cli.Result r = Cli.run(p, "profile", "--against-bench");
        assertThat(r.exitCode()).as(r.all()).isZero();
        String out = r.out();
        assertThat(out).containsPattern("fast-1\\s+(<0.1|0\\.\\d|[0-4]\\.\\d)% of \\d+ \\w+ counts in functions training left cold");
        assertThat(out).contains("ok: training covers bench fast-1");
        // -9 and -12 run lz4hc.c, which -1 never touches: most of their counts are in untrained code.
        assertThat(out).containsPattern("hc-9\\s+([5-9]\\d|100)% of \\d+ \\w+ counts in functions training left cold");
        assertThat(out).containsPattern("hc-12\\s+([5-9]\\d|100)% of \\d+ \\w+ counts in functions training left cold");
        // At -O3 the high-compression code may be inlined into one function (LZ4HC_compress_generic_noDictCtx),
        // so the fix names whichever LZ4HC_ function holds the counts.
        assertThat(out).containsPattern("fix: bench hc-9 spends \\d+% of its \\w+ counts in .*LZ4HC_\\w+.*which no training workload ran");
        assertThat(out).containsPattern("fix: bench hc-12 spends \\d+% of its \\w+ counts in .*LZ4HC_\\w+.*which no training workload ran");
        assertThat(out).containsPattern("LZ4HC_\\w+( \\(lz4hc.c\\))?\\s+\\(training: never ran\\)");
        assertThat(out).contains("summary: training does not match 2 of 3 bench workload(s)");
    }
}
