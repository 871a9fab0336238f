package io.pgolab.toolchain.llvm;

import static io.pgolab.toolchain.FunctionCountsTest.resource;
import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.FunctionCounts;
import org.junit.jupiter.api.Test;

/** Per-function counts from clang 19's llvm-profdata show (see FunctionCountsTest for the program). */
class LlvmFunctionCountsTest {
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
}
