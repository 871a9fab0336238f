package io.pgolab.measure.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.pgolab.UserError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** perf report --sort dso output, captured with perf 6.1, into own code / libraries / kernel shares. */
class DsoSharesTest {
    @TempDir
    Path tmp;

    static String fixture(String name) throws IOException {
        try (InputStream in = DsoSharesTest.class.getResourceAsStream("/measure/perfshare/" + name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void parsesCapturedReportOfCProgram() throws IOException {
        DsoShares s = DsoShares.parse(fixture("spinwrite-report.txt"), Set.of("spinwrite"));
        assertThat(s.samples()).isEqualTo(853);
        assertThat(s.own()).isCloseTo(100.0 * 374 / 853, within(1e-9));
        assertThat(s.kernel()).isCloseTo(100.0 * 393 / 853, within(1e-9));
        assertThat(s.libraries()).isCloseTo(100.0 * 86 / 853, within(1e-9));
        assertThat(s.byDso()).containsEntry("[kernel.kallsyms]", 46.07).containsEntry("libc.so.6", 10.08)
                .containsEntry("spinwrite", 43.85).hasSize(3);
        assertThat(s.describe()).isEqualTo("own code 43.8%, libraries 10.1%, kernel 46.1% of the server's CPU"
                + " samples (853 samples): PGO can act on at most the 44% in its own code");
    }

    @Test
    void parsesReportWithoutSampleColumnFromPercentages() throws IOException {
        DsoShares s = DsoShares.parse(fixture("spinwrite-report-nosamplecol.txt"), Set.of("/tmp/x/spinwrite"));
        assertThat(s.samples()).isEqualTo(853);
        assertThat(s.own()).isCloseTo(43.85, within(1e-9));
        assertThat(s.kernel()).isCloseTo(46.07, within(1e-9));
        assertThat(s.libraries()).isCloseTo(10.08, within(1e-9));
    }

    @Test
    void parsesCapturedPythonReportWithSeveralOwnDsos() throws IOException {
        String report = fixture("python3-report.txt");
        DsoShares byBinary = DsoShares.parse(report, Set.of("python3.11"));
        assertThat(byBinary.samples()).isEqualTo(2134);
        assertThat(byBinary.own()).isZero();
        assertThat(byBinary.kernel()).isCloseTo(100.0 * 66 / 2134, within(1e-9));
        assertThat(byBinary.libraries()).isCloseTo(100.0 * (2134 - 66) / 2134, within(1e-9));

        DsoShares withLib = DsoShares.parse(report, Set.of("python3.11", "libpython3.11.so.1.0"));
        assertThat(withLib.own()).isCloseTo(100.0 * 1808 / 2134, within(1e-9));
        assertThat(withLib.own() + withLib.libraries() + withLib.kernel()).isCloseTo(100.0, within(1e-9));
        assertThat(withLib.byDso()).hasSize(6).containsEntry("math.cpython-311-x86_64-linux-gnu.so", 7.54);
    }

    @Test
    void classifiesBracketedDsos() {
        Set<String> own = Set.of("srv");
        assertThat(DsoShares.classify("[kernel.kallsyms]", own)).isEqualTo(DsoShares.Kind.KERNEL);
        assertThat(DsoShares.classify("[nf_tables]", own)).isEqualTo(DsoShares.Kind.KERNEL);
        assertThat(DsoShares.classify("[vdso]", own)).isEqualTo(DsoShares.Kind.LIBRARY);
        assertThat(DsoShares.classify("[unknown]", own)).isEqualTo(DsoShares.Kind.LIBRARY);
        assertThat(DsoShares.classify("srv", own)).isEqualTo(DsoShares.Kind.OWN);
        assertThat(new DsoShares(0, 0, 0, 0, java.util.Map.of()).describe()).startsWith("no CPU samples");
    }

    @Test
    void readOfMissingFileIsAUserError() {
        assertThatThrownBy(() -> DsoShares.read(tmp.resolve("none.data"), "x"))
                .isInstanceOf(UserError.class).hasMessageContaining("no perf data file");
    }

}
