package io.pgolab.toolchain;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Per-function counts. The real tool output in src/test/resources/toolchain/counts is of a tiny C program
 * with two noinline functions, sum_path and hash_path, run once on "sum" (training) and once on
 * "hash" (bench): clang 19's llvm-profdata show (llvm.LlvmFunctionCountsTest), GCC 12's gcov-dump
 * (gcc.GcdaFunctionCountsTest), Go's pprof -top (go.PprofFunctionCountsTest).
 */
public class FunctionCountsTest {
    /** A file of src/test/resources/toolchain/counts. */
    public static String resource(String name) {
        try (InputStream in = FunctionCountsTest.class.getResourceAsStream("/toolchain/counts/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aFunctionListedTwiceAddsUp() {
        FunctionCounts c = FunctionCounts.of(List.of(new ProfileSummary.HotFunction("f", 2, 0),
                new ProfileSummary.HotFunction("f", 3, 0)), FunctionCounts.SAMPLES);
        assertThat(c.of("f")).isEqualTo(5);
    }
}
