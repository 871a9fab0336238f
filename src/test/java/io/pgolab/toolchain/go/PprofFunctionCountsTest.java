package io.pgolab.toolchain.go;

import static io.pgolab.toolchain.FunctionCountsTest.resource;
import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.FunctionCounts;
import org.junit.jupiter.api.Test;

/** Per-function counts from Go's pprof -top (see FunctionCountsTest for the program). */
class PprofFunctionCountsTest {
    @Test
    void pprofTopGivesTheFlatSamplesOfEveryFunctionWithAny() {
        FunctionCounts train = PprofTop.functionCounts(resource("go-train.txt"));
        FunctionCounts bench = PprofTop.functionCounts(resource("go-bench.txt"));
        assertThat(train.measure()).isEqualTo("CPU samples");
        assertThat(train.counts()).containsOnlyKeys("main.sumPath");   // no flat samples: not listed
        assertThat(bench.of("main.hashPath")).isEqualTo(21);
        assertThat(train.of("main.hashPath")).isZero();
    }
}
