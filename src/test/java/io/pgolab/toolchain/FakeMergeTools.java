package io.pgolab.toolchain;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/** Profile merges with fake tools (shell scripts) and a merge timeout of 1 s: the base of the merge tests. */
public abstract class FakeMergeTools {
    @TempDir
    protected Path dir;

    @BeforeEach
    void shortTimeout() {
        System.setProperty(MergeRun.PROPERTY, "1");
    }

    @AfterEach
    void resetTimeout() {
        System.clearProperty(MergeRun.PROPERTY);
    }

    /** An executable script NAME in the test's directory running body. */
    protected Path tool(String name, String body) throws Exception {
        Path t = dir.resolve(name);
        Files.writeString(t, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rwxr-xr-x"));
        return t;
    }
}
