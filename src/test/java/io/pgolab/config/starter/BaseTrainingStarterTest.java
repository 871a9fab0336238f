package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.config.TomlText;
import io.pgolab.config.WorkloadSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What 'pgolab init' proposes as a base training, and that the starter it writes still parses. */
class BaseTrainingStarterTest {
    @TempDir
    Path tmp;

    private Config written(Path dir, String kind) throws Exception {
        String text = StarterConfig.render(dir, kind);
        Files.writeString(dir.resolve("pgolab.toml"), text);
        return ConfigLoader.parse(dir.resolve("pgolab.toml"), text);
    }

    @Test
    void aLuaTreeGetsItsTestSuiteAsAnActiveBaseWithShares() throws Exception {
        Path lua = Files.createDirectories(tmp.resolve("lua"));
        Files.createDirectories(lua.resolve("testes"));
        Files.writeString(lua.resolve("testes/all.lua"), "print('OK')\n");
        Files.writeString(lua.resolve("Makefile"), "lua: lua.o\n\tcc -o lua lua.o\n");
        Config c = written(lua, "gcc");
        assertThat(c.train()).hasSize(2);
        assertThat(c.train().get(0).share()).isEqualTo(0.7);
        assertThat(c.train().get(0).base()).isFalse();
        assertThat(c.train().get(1).base()).isTrue();
        assertThat(c.train().get(1).share()).isEqualTo(0.3);
        // the quotes inside the command are escaped in TOML and come back as written
        assertThat(c.train().get(1).command()).isEqualTo("cd {root}/testes && {binary} -e \"_U=true\" all.lua");
        assertThat(Files.readString(lua.resolve("pgolab.toml"))).contains("a guess by 'pgolab init'");
    }

    @Test
    void aCPythonTreeGetsRegrtestPgoWhoseStatusTwoIsNoFailure() throws Exception {
        Path py = Files.createDirectories(tmp.resolve("cpython"));
        Files.createDirectories(py.resolve("Lib/test/libregrtest"));
        Files.writeString(py.resolve("configure"), "#!/bin/sh\nPACKAGE_NAME='python'\nPACKAGE_VERSION='3.12'\n");
        Files.createDirectories(py.resolve("Modules"));
        Files.createDirectories(py.resolve("Python"));
        Config c = written(py, "clang");
        WorkloadSpec base = c.train().get(1);
        assertThat(base.base()).isTrue();
        assertThat(base.command()).startsWith("{binary} -m test --pgo").endsWith("[ $s -eq 0 ] || [ $s -eq 2 ]");
    }

    @Test
    void makeCtestAndCargoSuitesAreOnlySuggestedInComments() throws Exception {
        Path mk = Files.createDirectories(tmp.resolve("mk"));
        Files.writeString(mk.resolve("Makefile"), "app: main.o\n\tcc -o app main.o\n\ncheck: app\n\t./run-tests\n");
        Config c = written(mk, "gcc");
        assertThat(c.train()).hasSize(1);
        assertThat(c.train().get(0).hasShare()).isFalse();
        assertThat(Files.readString(mk.resolve("pgolab.toml"))).contains("(make check)", "# base = true",
                "# command = \"make check # CHANGE_ME: must run {binary}\"", "not {binary}");

        Path cm = Files.createDirectories(tmp.resolve("cm"));
        Files.writeString(cm.resolve("CMakeLists.txt"), "project(x C)\nadd_executable(x main.c)\nenable_testing()\nadd_test(NAME t COMMAND x)\n");
        assertThat(written(cm, "clang").train()).hasSize(1);
        assertThat(Files.readString(cm.resolve("pgolab.toml"))).contains("(ctest --test-dir build)");

        Path cargo = Files.createDirectories(tmp.resolve("crate"));
        Files.writeString(cargo.resolve("Cargo.toml"), "[package]\nname = \"crate\"\nversion = \"0.1.0\"\n");
        Files.createDirectories(cargo.resolve("src"));
        Files.writeString(cargo.resolve("src/main.rs"), "fn main() {}\n");
        assertThat(written(cargo, "cargo").train()).hasSize(1);
        assertThat(Files.readString(cargo.resolve("pgolab.toml"))).contains("(cargo test)");

        Path none = Files.createDirectories(tmp.resolve("plain"));
        Files.writeString(none.resolve("Makefile"), "app: main.o\n\tcc -o app main.o\n");
        assertThat(StarterConfig.render(none, "gcc")).doesNotContain("Base training");
    }

    @Test
    void aDirectoryNameWithQuotesAndBackslashesStillGivesValidToml() throws Exception {
        Path odd = Files.createDirectories(tmp.resolve("my \"odd\\ project"));
        Files.writeString(odd.resolve("Makefile"), "app: main.o\n\tcc -o app main.o\n");
        assertThat(written(odd, "gcc").name()).isEqualTo("my \"odd\\ project");
        assertThat(TomlText.quote("a\"b\\c\nd\u0001")).isEqualTo("\"a\\\"b\\\\c\\nd\\u0001\"");
    }
}
