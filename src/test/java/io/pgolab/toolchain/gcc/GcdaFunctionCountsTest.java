package io.pgolab.toolchain.gcc;

import static io.pgolab.toolchain.FunctionCountsTest.resource;
import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.FunctionCounts;
import io.pgolab.toolchain.ProfileSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Per-function counts from GCC 12's gcov-dump (see FunctionCountsTest for the program). */
class GcdaFunctionCountsTest {
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
}
