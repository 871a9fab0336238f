package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** doctor runs the loader's validation: a config that would fail later fails doctor now, with file:line. */
class DoctorConfigTest {
    @TempDir
    Path dir;

    @Test
    void badConfigFailsDoctorWithFileAndLine() throws Exception {
        Files.writeString(dir.resolve("pgolab.toml"), """
                [project]
                [toolchain]
                kind = "clang"
                [build]
                command = "make"
                artifact = "app"
                [[train]]
                name = "t"
                command = "{binary}"
                weight = nan
                timeout = "99999999999999999h"
                """);
        Cli.Result r = Cli.run(dir, "doctor");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("pgolab.toml:10: key 'train.t.weight': must be a finite number, found nan")
                .contains("pgolab.toml:11: key 'train.t.timeout': '99999999999999999h' is longer than the limit of 7 days")
                .doesNotContain("Exception");
    }

    @Test
    void configThatIsADirectoryFailsDoctor() throws Exception {
        Files.createDirectory(dir.resolve("pgolab.toml"));
        Cli.Result r = Cli.run(dir, "doctor");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("is a directory, not a file");
    }
}
