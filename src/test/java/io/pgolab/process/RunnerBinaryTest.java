package io.pgolab.process;

import io.pgolab.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RunnerBinaryTest {

    @Test
    void compilesOnceIntoHashedDirectory(@TempDir Path cache) throws Exception {
        Path bin = RunnerBinary.ensure(cache);
        String hash = RunnerBinary.sourceHash(RunnerBinary.source());
        assertThat(hash).matches("[0-9a-f]{12}");
        assertThat(bin).isEqualTo(cache.toAbsolutePath().resolve("runner-" + hash).resolve("pgolab-runner"));
        assertThat(Files.isExecutable(bin)).isTrue();
        long mtime = Files.getLastModifiedTime(bin).toMillis();

        assertThat(RunnerBinary.ensure(cache)).isEqualTo(bin);
        assertThat(Files.getLastModifiedTime(bin).toMillis()).isEqualTo(mtime);
        try (Stream<Path> files = Files.list(bin.getParent())) {
            assertThat(files).containsExactly(bin); // no temp files left over
        }
    }

    @Test
    void noCompilerIsAUserError(@TempDir Path cache) {
        assertThatThrownBy(() -> RunnerBinary.ensure(cache, cache.toString()))
                .isInstanceOf(UserError.class)
                .hasMessage("no C compiler found to build pgolab's process runner")
                .satisfies(e -> assertThat(((UserError) e).hint()).isEqualTo("install gcc: apt-get install -y gcc"));
        assertThatThrownBy(() -> RunnerBinary.ensure(cache, "")).isInstanceOf(UserError.class);
    }

    @Test
    void brokenCompilerReportsCommandAndOutput(@TempDir Path tmp) throws Exception {
        Path binDir = Files.createDirectories(tmp.resolve("bin"));
        Path fakeCc = binDir.resolve("cc");
        Files.writeString(fakeCc, "#!/bin/sh\necho 'fatal: this compiler is broken' >&2\nexit 4\n");
        assertThat(fakeCc.toFile().setExecutable(true)).isTrue();
        assertThatThrownBy(() -> RunnerBinary.ensure(tmp.resolve("cache"), binDir.toString()))
                .isInstanceOf(UserError.class)
                .hasMessageContaining(fakeCc + " -O2 -Wall -Wextra -o")
                .hasMessageContaining("exited with 4")
                .hasMessageContaining("fatal: this compiler is broken");
    }

    @Test
    void compilerSearchOrder(@TempDir Path tmp) throws Exception {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        for (Path p : new Path[] {a.resolve("clang"), b.resolve("gcc")}) {
            Files.writeString(p, "#!/bin/sh\n");
            assertThat(p.toFile().setExecutable(true)).isTrue();
        }
        Files.writeString(a.resolve("cc"), "not executable");
        // cc is preferred over gcc over clang, whatever the PATH order; non-executables are skipped
        assertThat(RunnerBinary.findCompiler(a + ":" + b)).contains(b.resolve("gcc"));
    }

    @Test
    void defaultCacheDirectory() {
        assertThat(RunnerBinary.defaultCacheDir(Map.of("PGOLAB_CACHE", "/x/y", "XDG_CACHE_HOME", "/c"), "/home/u"))
                .isEqualTo(Path.of("/x/y"));
        assertThat(RunnerBinary.defaultCacheDir(Map.of("XDG_CACHE_HOME", "/c"), "/home/u"))
                .isEqualTo(Path.of("/c/pgolab"));
        assertThat(RunnerBinary.defaultCacheDir(Map.of(), "/home/u")).isEqualTo(Path.of("/home/u/.cache/pgolab"));
    }
}
