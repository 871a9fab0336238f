package io.pgolab.toolchain.llvm;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.ProfileSummary;
import io.pgolab.toolchain.gcc.GccDiagnostics;
import org.junit.jupiter.api.Test;

class LlvmProfileTextTest {
    // Captured from: llvm-profdata-19 show --all-functions --counts (clang 19.1.7)
    static final String SHOW = """
            Counters:
              main:
                Hash: 0x0d140a68bd398548
                Counters: 3
                Block counts: [1000001, 1, 333334]
              work:
                Hash: 0x0d140a68bd398548
                Counters: 3
                Block counts: [0, 0, 0]
              /src/a.c;helper:
                Hash: 0x0000000000000018
                Counters: 1
                Block counts: [10]
            Instrumentation level: IR  entry_first = 0
            Functions shown: 3
            Total functions: 3
            """;

    @Test
    void coverageAndHottestFunctions() {
        ProfileSummary s = LlvmProfileText.summarize(SHOW, 5, 123);
        assertThat(s.functionsInstrumented()).isEqualTo(3);
        assertThat(s.functionsWithCounts()).isEqualTo(2);
        assertThat(s.coveragePercent()).isCloseTo(66.67, org.assertj.core.api.Assertions.within(0.01));
        assertThat(s.hottest()).extracting(ProfileSummary.HotFunction::name).containsExactly("main", "/src/a.c;helper");
        assertThat(s.totalCount()).isEqualTo(1333346);
    }

    @Test
    void countsStaleAndMissingProfileWarnings() {
        String log = """
                bench2.c:5:1: warning: bench2.c: function control flow change detected (hash mismatch) work Hash = 123 [-Wbackend-plugin]
                a.c:9:1: warning: no profile data available for function cmp [-Wbackend-plugin]
                a.c:19:1: warning: no profile data available for function cmp2 [-Wbackend-plugin]
                cc -O2 -c x.c
                """;
        BuildDiagnostics d = LlvmProfileText.diagnostics(log);
        assertThat(d.mismatched()).isEqualTo(1);
        assertThat(d.missing()).isEqualTo(2);
    }

    @Test
    void gccWarningsAreCountedOncePerDistinctMessage() {
        String log = """
                a.c: In function 'main':
                a.c:3:1: warning: '/p/#b#a.gcda' profile count data file not found [-Wmissing-profile]
                a.c:3:5: error: source locations for function 'work' have changed, the profile data may be out of date [-Werror=coverage-mismatch]
                """;
        BuildDiagnostics d = GccDiagnostics.scan(log);
        assertThat(d.missing()).isEqualTo(1);
        assertThat(d.mismatched()).isEqualTo(1);
    }
}
