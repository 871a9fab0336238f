package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.Exec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pgo build that compiled at another -O level than release's is warned about: it lost release's level. */
class LostLevelIT {
    @TempDir
    Path tmp;

    @Test
    void aPgoBuildAtAnotherLevelThanReleaseIsWarnedAbout() throws Exception {
        Tool.require(Exec.capture(null, List.of("gcc", "--version")).ok(), "gcc");
        Files.writeString(tmp.resolve("main.c"), "int main(int c, char **v) { int s = 0; for (int i = 0; i < 1000; i++) s += i * c; return s == 42; }\n");
        // the build script compiles profile builds at -O1, the rest at -O2: a build that loses its level
        Files.writeString(tmp.resolve("build.sh"), "case \"$1\" in *profile*) o=-O1 ;; *) o=-O2 ;; esac\n"
                + "$CC $o $1 -o \"$2/app\" main.c\n");
        Files.writeString(tmp.resolve("pgolab.toml"), "[project]\nname = \"app\"\nvariants = [\"release\", \"pgo\"]\n"
                + "[toolchain]\nkind = \"gcc\"\n[build]\ncommand = \"CC={cc} sh {root}/build.sh '{cflags}' {builddir}\"\n"
                + "artifact = \"{builddir}/app\"\n[[train]]\nname = \"t\"\ncommand = \"{binary}\"\n");
        Cli.Result r = Cli.run(tmp, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.err()).contains("warning: build pgo compiled at -O1 where release compiled at -O2: a build that lost"
                + " release's -O level is compared at another optimization level");
        assertThat(r.err()).contains("warning: build instrumented compiled at -O1 where release compiled at -O2");
    }
}
