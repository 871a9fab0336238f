package io.pgolab.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Variant;
import io.pgolab.toolchain.CompileRecord;
import io.pgolab.toolchain.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 27: an lto build without an LTO link is no lto. */
class LtoAuditTest {
    @TempDir
    Path tmp;

    private CompileRecord rec(String... args) {
        return new CompileRecord(1, tmp, false, Optional.empty(), List.of(args));
    }

    @Test
    void anLtoBuildWithoutALinkOrWithoutAnyAuditedCompileIsAnError() throws Exception {
        Files.writeString(tmp.resolve("a.c"), "int f(void){return 1;}");
        Path log = tmp.resolve("audit.log");
        BuildAudit.Outcome noLink = BuildAudit.check("lto", Variant.LTO, Phase.PLAIN, Optional.empty(), true,
                List.of(rec("-O2", "-flto", "-c", "a.c", "-o", "a.o")), tmp, tmp, log, 0);
        assertThat(noLink.line()).endsWith("1/1 -flto, no link recorded");
        assertThat(noLink.problems()).extracting(BuildAudit.Problem::allowName).containsExactly("no-lto");
        assertThat(noLink.problems().get(0).what()).endsWith("no link went through {cc}/{cxx}");
        assertThat(noLink.problems().get(0).warnOnly()).isFalse();

        BuildAudit.Outcome nothing = BuildAudit.check("lto", Variant.LTO, Phase.PLAIN, Optional.empty(), true,
                List.of(), tmp, tmp, log, 0);
        assertThat(nothing.problems()).extracting(BuildAudit.Problem::what)
                .containsExactly("the lto build cannot show link-time optimization: no compile or link went through"
                        + " {cc}/{cxx} (CC/CXX)");
        // release has nothing to prove at link time: the line says what was (not) checked, no finding.
        assertThat(BuildAudit.check("release", Variant.RELEASE, Phase.PLAIN, Optional.empty(), true, List.of(), tmp,
                tmp, log, 0).problems()).isEmpty();
    }
}
