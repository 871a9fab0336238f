package io.pgolab.process;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class ExecutablesTest {
    @TempDir
    Path dir;

    @Test
    void findsTheFirstExecutableFileOnTheSearchPath() throws Exception {
        Path first = Files.createDirectories(dir.resolve("a"));
        Path second = Files.createDirectories(dir.resolve("b"));
        Files.writeString(first.resolve("tool"), "not executable");
        Files.createDirectories(first.resolve("sub")); // a directory is never a program
        Path tool = Files.writeString(second.resolve("tool"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        String path = first + ":" + second + "::";
        assertThat(Executables.onPath("tool", path)).contains(tool);
        assertThat(Executables.onPath("sub", path)).isEmpty();
        assertThat(Executables.onPath("tool", null)).isEmpty();
        assertThat(Executables.onPath("absent", path)).isEmpty();
        // a name with a slash is a path, as in a shell
        assertThat(Executables.onPath(tool.toString(), "")).contains(tool.toAbsolutePath());
        assertThat(Executables.onPath("sh")).isPresent();
    }
}
