package io.pgolab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where an example's integration test keeps its project: a directory outside the checkout that
 * survives the test, so that a second run reuses pgolab's own content-keyed builds and training
 * (Rust and C example builds take minutes each here) while a first run on a fresh machine builds
 * everything cold. PGOLAB_TEST_CACHE names the parent directory (default ~/.cache/pgolab/test-examples);
 * set it to "off" to build in the test's temporary directory every time.
 */
final class ExampleCache {
    private ExampleCache() {
    }

    static Path project(String name, Path tmp) throws IOException {
        String setting = System.getenv("PGOLAB_TEST_CACHE");
        if ("off".equals(setting)) {
            return Files.createDirectories(tmp.resolve(name));
        }
        Path parent = setting == null || setting.isBlank()
                ? Path.of(System.getProperty("user.home"), ".cache", "pgolab", "test-examples") : Path.of(setting);
        return Files.createDirectories(parent.resolve(name));
    }
}
