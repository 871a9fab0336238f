package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InitIT {
    @TempDir
    Path tmp;

    @Test
    void makefileProjectGetsAValidStarterWithItsTarget() throws Exception {
        Files.writeString(tmp.resolve("Makefile"), "CC ?= cc\n\nmyapp: main.o util.o\n\t$(CC) -o $@ $^\n\nclean:\n\trm -f *.o myapp\n");
        Cli.Result r = Cli.run(tmp, "init");
        assertThat(r.exitCode()).as(r.all()).isZero();
        Config c = ConfigLoader.load(tmp.resolve("pgolab.toml"));
        assertThat(c.copySources()).isTrue();
        assertThat(c.build().artifact()).isEqualTo("{srcdir}/myapp");
        assertThat(c.build().command()).contains("make -C {srcdir}").contains("{cflags}");
        assertThat(Files.readString(tmp.resolve("pgolab.toml"))).contains("found a Makefile");

        Cli.Result again = Cli.run(tmp, "init");
        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.err()).contains("already exists").contains("--force");
    }

    @Test
    void cmakeProjectBuildsOutOfTree() throws Exception {
        Files.writeString(tmp.resolve("CMakeLists.txt"), "project(x C)\nadd_executable(server main.c)\n");
        assertThat(Cli.run(tmp, "init", "--toolchain", "gcc").exitCode()).isZero();
        Config c = ConfigLoader.load(tmp.resolve("pgolab.toml"));
        assertThat(c.toolchain().kind()).isEqualTo("gcc");
        assertThat(c.copySources()).isFalse();
        assertThat(c.build().command()).contains("cmake -S {srcdir} -B {builddir}");
        assertThat(c.build().artifact()).isEqualTo("{builddir}/server");
    }
}
