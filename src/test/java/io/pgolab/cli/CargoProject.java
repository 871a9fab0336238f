package io.pgolab.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/** The Rust project written for pgolab's tests (src/test/resources/cargo/flagsdemo), copied into a temp dir. */
public final class CargoProject {
    static final Path SOURCE = Path.of("src/test/resources/cargo/flagsdemo").toAbsolutePath();

    private CargoProject() {
    }

    public static Path create(Path dir, String config) throws IOException {
        try (Stream<Path> files = Files.walk(SOURCE)) {
            for (Path f : files.toList()) {
                Path t = dir.resolve(SOURCE.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.writeString(dir.resolve("pgolab.toml"), config);
        return dir;
    }

    public static String config(String variants, String toolchainExtra, String buildExtra) {
        return """
                [project]
                name = "flagsdemo"
                variants = [%s]

                [toolchain]
                kind = "cargo"
                %s

                [build]
                bins = ["flagsdemo", "helper"]
                args = ["-v"]        # cargo prints every rustc command line into the build log
                %s

                [[train]]
                name = "loop"
                command = "{binary} 2000000 && {bin:helper} 300"
                timeout = "60s"

                [[bench]]
                name = "loop"
                command = "{binary} 3000000"
                """.formatted(variants, toolchainExtra, buildExtra);
    }

    /** Every published copy of a program under .pgolab/bin (one per variant, plus the instrumented one). */
    public static List<Path> published(Path dir, String program) {
        try (Stream<Path> files = Files.walk(dir.resolve(".pgolab/bin"))) {
            return files.filter(f -> f.getFileName().toString().equals(program) && Files.isRegularFile(f)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
