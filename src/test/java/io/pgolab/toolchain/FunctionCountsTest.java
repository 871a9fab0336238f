package io.pgolab.toolchain;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Per-function counts from real tool output (src/test/resources/toolchain/counts): a tiny C program
 * with two noinline functions, sum_path and hash_path, run once on "sum" (training) and once on
 * "hash" (bench); clang 19's llvm-profdata show, GCC 12's gcov-dump, Go's pprof -top.
 */
class FunctionCountsTest {
    static String resource(String name) {
        try (InputStream in = FunctionCountsTest.class.getResourceAsStream("/toolchain/counts/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void llvmProfdataShowGivesEveryFunctionWithItsBlockCountSum() {
        FunctionCounts train = LlvmProfileText.functionCounts(resource("clang-train.txt"));
        FunctionCounts bench = LlvmProfileText.functionCounts(resource("clang-bench.txt"));
        assertThat(train.measure()).isEqualTo("block counts");
        assertThat(train.counts()).containsOnlyKeys("main", "tiny.c;sum_path", "tiny.c;hash_path");
        assertThat(train.of("tiny.c;sum_path")).isEqualTo(100001);
        assertThat(train.of("tiny.c;hash_path")).isZero();
        assertThat(bench.of("tiny.c;hash_path")).isEqualTo(100001);
        assertThat(bench.of("tiny.c;sum_path")).isZero();
        assertThat(bench.total()).isEqualTo(100002);
        assertThat(train.max()).isEqualTo(100001);
        assertThat(bench.of("not_there")).isZero();
    }

    @Test
    void gcovDumpGivesEveryFunctionWithItsArcCountSumNamedFromTheNotes() {
        Map<String, String> names = new HashMap<>();
        GcdaCheck.names(resource("gcc-gcno.txt"), names);
        assertThat(names).containsValues("main", "sum_path", "hash_path");
        List<ProfileSummary.HotFunction> fns = new ArrayList<>();
        GcdaCheck.collect(resource("gcc-bench-gcda.txt"), names, fns);
        FunctionCounts bench = FunctionCounts.of(fns, FunctionCounts.ARC_COUNTS);
        assertThat(bench.counts()).containsOnlyKeys("main", "sum_path", "hash_path");
        assertThat(bench.of("hash_path")).isEqualTo(100001);   // arcs only: time_profiler counters are not counted
        assertThat(bench.of("sum_path")).isZero();
        assertThat(bench.of("main")).isEqualTo(3);
    }

    @Test
    void pprofTopGivesTheFlatSamplesOfEveryFunctionWithAny() {
        FunctionCounts train = PprofTop.functionCounts(resource("go-train.txt"));
        FunctionCounts bench = PprofTop.functionCounts(resource("go-bench.txt"));
        assertThat(train.measure()).isEqualTo("CPU samples");
        assertThat(train.counts()).containsOnlyKeys("main.sumPath");   // no flat samples: not listed
        assertThat(bench.of("main.hashPath")).isEqualTo(21);
        assertThat(train.of("main.hashPath")).isZero();
    }

    @Test
    void aFunctionListedTwiceAddsUp() {
        FunctionCounts c = FunctionCounts.of(List.of(new ProfileSummary.HotFunction("f", 2, 0),
                new ProfileSummary.HotFunction("f", 3, 0)), FunctionCounts.SAMPLES);
        assertThat(c.of("f")).isEqualTo(5);
    }
}
