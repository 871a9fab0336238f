package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The autoconf starter's program and flags, read from configure.ac and the automake files. */
class AutoconfStarterTest {
    @TempDir
    Path tmp;

    /** sed's shape: an empty bin_PROGRAMS in Makefile.am, the program added in an included sed/local.mk. */
    @Test
    void theProgramOfAnIncludedAutomakeFragmentNamedLikeThePackage() throws Exception {
        Files.writeString(tmp.resolve("configure.ac"), "AC_INIT([GNU sed], [4.9], [bug-sed@gnu.org])\nAC_INIT([sed])\n");
        Files.writeString(tmp.resolve("Makefile.am"), "bin_PROGRAMS =\nnoinst_LIBRARIES =\ninclude $(srcdir)/lib/local.mk\n"
                + "include $(top_srcdir)/sed/local.mk\n");
        Files.createDirectories(tmp.resolve("lib"));
        Files.writeString(tmp.resolve("lib/local.mk"), "bin_PROGRAMS += lib/helper\n");
        Files.createDirectories(tmp.resolve("sed"));
        Files.writeString(tmp.resolve("sed/local.mk"), "bin_PROGRAMS += sed/sed\n");
        assertThat(ConfigureStarter.autoconfProgram(tmp)).hasValue("sed/sed");
        Files.writeString(tmp.resolve("configure.ac"), "AC_INIT([other], [4.9])\n");
        assertThat(ConfigureStarter.autoconfProgram(tmp)).hasValue("lib/helper");
    }

    @Test
    void autoconfsDefaultFlagsOrTheLevelConfigureAcSets() throws Exception {
        Files.writeString(tmp.resolve("configure.ac"), "AC_INIT([hello], [1.0])\nAC_PROG_CC\nAC_OUTPUT\n");
        Files.writeString(tmp.resolve("Makefile.am"), "bin_PROGRAMS = hello\n");
        String text = StarterConfig.render(tmp, "gcc");
        assertThat(text).contains("cflags = \"-g -O2\"  # autoconf's default CFLAGS", "artifact = \"{srcdir}/hello\"   # guessed");
        Files.writeString(tmp.resolve("configure.ac"), "AC_INIT([hello], [1.0])\nAC_PROG_CC\nCFLAGS=\"$CFLAGS -O3 -Wall\"\n");
        assertThat(StarterConfig.render(tmp, "gcc")).contains("cflags = \"-g -O3\"   # guessed: configure.ac puts -O3 in CFLAGS");
    }
}
