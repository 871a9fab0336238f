package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.toolchain.ToolchainKind;
import io.pgolab.toolchain.detect.Toolchains;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The embedded demo project: a C program and its pgolab.toml, from the jar's resources. */
final class DemoProject {
    /** The first line of the demo's pgolab.toml: marks a directory the demo may write into again. */
    private static final String MARKER = "# The config `pgolab demo` uses";

    private DemoProject() {
    }

    /** --toolchain, else clang when a clang with its llvm-profdata is installed, else gcc. */
    static String kind(String toolchain) {
        String kind = toolchain != null ? toolchain : Toolchains.defaultCKind();
        ToolchainKind k = ToolchainKind.find(kind).filter(ToolchainKind::c).orElseThrow(() ->
                new UserError("unknown --toolchain '" + kind + "'", "use --toolchain clang or --toolchain gcc"));
        if (k.compilerMissing()) {
            throw new UserError("the demo needs a C compiler, and neither clang nor gcc is installed",
                    "apt-get install -y gcc   (or clang-19 llvm-19 for clang)");
        }
        return kind;
    }

    /** Writes demo.c and pgolab.toml (only when they differ, so a second demo reuses the builds). */
    static Config write(Path project, String kind) {
        try {
            requireDemoOrEmpty(project);
            Files.createDirectories(project);
            writeIfChanged(project.resolve("demo.c"), resource("demo.c"));
            writeIfChanged(project.resolve("pgolab.toml"), resource("pgolab.toml").replace("@KIND@", kind));
        } catch (IOException e) {
            throw new UserError("cannot write the demo project to " + project + ": " + e.getMessage(),
                    "pass --dir DIR with a writable directory");
        }
        return ConfigLoader.load(project.resolve("pgolab.toml"));
    }

    /** The demo's own directory, or a new or empty one: never someone else's files. */
    private static void requireDemoOrEmpty(Path project) throws IOException {
        if (!Files.exists(project)) {
            return;
        }
        if (!Files.isDirectory(project)) {
            throw new UserError(project + " exists and is not a directory", "pass --dir with a new or empty directory");
        }
        Path toml = project.resolve("pgolab.toml");
        boolean demo = Files.isRegularFile(toml) && Files.readString(toml).startsWith(MARKER);
        try (var entries = Files.list(project)) {
            if (!demo && entries.findAny().isPresent()) {
                throw new UserError(project + " is not empty and is not a pgolab demo project: the demo would overwrite"
                        + " demo.c and pgolab.toml there", "pass --dir with a new or empty directory");
            }
        }
    }

    private static void writeIfChanged(Path file, String content) throws IOException {
        if (!Files.exists(file) || !Files.readString(file).equals(content)) {
            Files.writeString(file, content);
        }
    }

    static String resource(String name) {
        try (InputStream in = DemoProject.class.getResourceAsStream("/io/pgolab/demo/" + name)) {
            if (in == null) {
                throw new IllegalStateException("demo resource missing from the jar: " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
