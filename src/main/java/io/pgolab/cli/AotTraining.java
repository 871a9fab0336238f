package io.pgolab.cli;

import io.pgolab.config.ConfigLoader;
import io.pgolab.util.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * What the launcher's AOT cache is trained on besides '--help' (PGOLAB_AOT_TRAINING=1, set only for the training run,
 * docs/architecture.md "Start-up"): every class of pgolab, picocli, tomlj and ANTLR loaded (not initialized: no
 * static code runs), the embedded demo config parsed and a JSON record written and read in memory. A cache trained on
 * '--help' alone held only the commands' classes; a no-op 'pgolab build' then loaded the config, pipeline and
 * toolchain classes from the jar (parsed and verified at each start) and ran the TOML and JSON code cold. Nothing
 * here touches a file but the jar, starts a process or prints.
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
            loadClasses();
            ConfigLoader.parse(Path.of(System.getProperty("java.io.tmpdir"), "pgolab-demo", "pgolab.toml").toAbsolutePath(),
                    DemoProject.resource("pgolab.toml").replace("@KIND@", "clang"));
            String json = Json.MAPPER.writeValueAsString(Map.of("variant", "release", "seconds", List.of(1.5, 2.0)));
            Json.MAPPER.readTree(json);
        } catch (IOException | RuntimeException | LinkageError e) {
            // a smaller cache, not a failed one
        }
    }

    private static void loadClasses() throws IOException {
        Path jar;
        try {
            jar = Path.of(AotTraining.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException | SecurityException e) {
            return;
        }
        ClassLoader loader = AotTraining.class.getClassLoader();
        try (ZipFile z = new ZipFile(jar.toFile())) {
            Enumeration<? extends ZipEntry> entries = z.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                if (name.endsWith(".class") && !name.contains("-") && PREFIXES.stream().anyMatch(name::startsWith)) {
                    load(loader, name.substring(0, name.length() - 6).replace('/', '.'));
                }
            }
        }
    }

    private static void load(ClassLoader loader, String name) {
        try {
            Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            // a class of an optional dependency that is not in the jar: skipped
        }
    }

}
