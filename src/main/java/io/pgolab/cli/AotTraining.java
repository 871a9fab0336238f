package io.pgolab.cli;

import io.pgolab.config.ConfigLoader;
import io.pgolab.util.Json;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * What the launcher's AOT cache is trained on besides '--help' (PGOLAB_AOT_TRAINING=1, set only for the training run,
 * docs/architecture.md "Start-up"): every class of pgolab, picocli, tomlj and ANTLR loaded, the embedded demo config
 * parsed, and each of pgolab's records read from "{}" and written as JSON in memory (the store's records, audits and
 * profile records are read that way on every start). A cache trained on '--help' alone held only the commands'
 * classes; a no-op 'pgolab build' then loaded the config, pipeline and toolchain classes from the jar (parsed and
 * verified at each start) and ran the TOML and JSON code cold. Nothing here touches a file but the jar, starts a
 * process or prints.
 */
final class AotTraining {
    /** The jar's classes to load: pgolab's own and the libraries every command uses. */
    private static final List<String> PREFIXES = List.of("io/pgolab/", "picocli/", "org/tomlj/", "org/antlr/");

    private AotTraining() {
    }

    /** True in the launcher's training run. */
    static boolean on() {
        return "1".equals(System.getenv("PGOLAB_AOT_TRAINING"));
    }

    /** Runs the training; a failure only makes the cache smaller, so it is ignored. */
    static void run() {
        try {
            List<Class<?>> classes = loadClasses();
            ConfigLoader.parse(Path.of(System.getProperty("java.io.tmpdir"), "pgolab-demo", "pgolab.toml").toAbsolutePath(),
                    DemoProject.resource("pgolab.toml").replace("@KIND@", "clang"));
            for (Class<?> c : classes) {
                if (c.isRecord() && c.getName().startsWith("io.pgolab.")) {
                    json(c);
                }
            }
        } catch (IOException | RuntimeException | LinkageError e) {
            // a smaller cache, not a failed one
        }
    }

    /** Reads a record of type c from "{}" (nulls and zeros) and writes it back, as the store's files are. */
    private static void json(Class<?> c) {
        try {
            Json.MAPPER.writeValueAsString(Json.MAPPER.readValue("{}", c));
        } catch (IOException | RuntimeException | LinkageError e) {
            // a record that refuses nulls, or one Jackson cannot make: trained as far as it went
        }
    }

    private static List<Class<?>> loadClasses() throws IOException {
        List<Class<?>> out = new ArrayList<>();
        Path jar;
        try {
            jar = Path.of(AotTraining.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | SecurityException e) {
            return out;
        }
        ClassLoader loader = AotTraining.class.getClassLoader();
        try (ZipFile z = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> entries = z.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                if (name.endsWith(".class") && !name.contains("-") && PREFIXES.stream().anyMatch(name::startsWith)) {
                    load(loader, name.substring(0, name.length() - 6).replace('/', '.')).ifPresent(out::add);
                }
            }
        }
        return out;
    }

    private static Optional<Class<?>> load(ClassLoader loader, String name) {
        try {
            return Optional.of(Class.forName(name, false, loader));
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty();   // a class of an optional dependency that is not in the jar: skipped
        }
    }

}
