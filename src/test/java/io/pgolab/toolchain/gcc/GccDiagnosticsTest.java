package io.pgolab.toolchain.gcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.BuildDiagnostics;
import org.junit.jupiter.api.Test;

/** GCC 12's profile warnings, as it printed them for a truncated, an empty and a missing .gcda. */
class GccDiagnosticsTest {
    private static final String TRUNCATED = """
            a.c: In function ‘hot’:
            a.c:2:31: warning: profile for function ‘hot’ not found in profile data [-Wmissing-profile]
                2 | __attribute__((noinline)) int hot(int n){int s=0;for(int i=0;i<n;i++){if(i%7==0)s+=cold(i);else s^=i;}return s;}
                  |                               ^~~
            src/b.c: In function ‘warm’:
            src/b.c:9:5: warning: profile for function ‘warm’ not found in profile data [-Wmissing-profile]
            src/b.c:12:5: warning: profile for function ‘tepid’ not found in profile data [-Wmissing-profile]
            """;
    private static final String EMPTY_AND_MISSING = """
            a.c: warning: ‘/tmp/gx/prof/#tmp#gx#obj#a.gcda’ is not a gcov data file
            a.c: In function ‘never’:
            a.c:3:1: warning: ‘/tmp/gx/prof/#tmp#gx#obj#a.gcda’ profile count data file not found [-Wmissing-profile]
                3 | int never(int x){return x/3+1;}
                  | ^~~
            m.c:3:1: warning: ‘/tmp/gx/prof/#tmp#gx#obj#m.gcda’ profile count data file not found [-Wmissing-profile]
            """;

    @Test
    void functionsATruncatedGcdaLacksAreMissing() {
        BuildDiagnostics d = GccDiagnostics.scan(TRUNCATED);
        assertThat(d.missing()).isEqualTo(3);
        assertThat(d.mismatched()).isZero();
        assertThat(d.unprofiled()).containsExactly("a.c", "src/b.c");
        assertThat(d.samples()).first().asString().contains("profile for function ‘hot’ not found");
    }

    @Test
    void anEmptyOrAbsentGcdaIsMissing() {
        BuildDiagnostics d = GccDiagnostics.scan(EMPTY_AND_MISSING);
        assertThat(d.missing()).isEqualTo(3);
        assertThat(d.unprofiled()).containsExactly("a.c", "m.c");
    }

    @Test
    void aCleanBuildHasNothing() {
        BuildDiagnostics d = GccDiagnostics.scan("gcc -O2 -fprofile-use=/x -c a.c -o a.o\n");
        assertThat(d.missing()).isZero();
        assertThat(d.unprofiled()).isEmpty();
    }
}
