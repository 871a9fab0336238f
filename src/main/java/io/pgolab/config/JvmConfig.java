package io.pgolab.config;

import java.io.File;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The keys and rules only toolchain kind "jvm" has: [toolchain] jar / classpath / main / jvm_flags /
 * java_home / jdk, and a [build] that is just a command (Maven, Gradle or a script) producing that
 * classpath. Kept apart from ConfigLoader so the C path stays as it was.
 */
final class JvmConfig {
    static final String KIND = "jvm";
    static final List<String> TOOLCHAIN_KEYS = List.of("jar", "classpath", "main", "jvm_flags", "java_home", "jdk");
    /** Placeholders of a JVM build command. */
    static final Set<String> BUILD_PLACEHOLDERS = Set.of("builddir", "srcdir", "root", "jobs", "config_dir");
    private static final List<String> NATIVE_TOOLCHAIN_KEYS = List.of("cc", "cxx", "atomic_counters");
    private static final List<String> NATIVE_BUILD_KEYS = List.of("artifact", "cflags", "cxxflags", "ldflags");
    private static final String JAR_FIX = "jar = \"target/app.jar\"   # or classpath = [\"build/app.jar\", \"lib/dep.jar\"]";

    private JvmConfig() {
    }

    static boolean isJvm(String kind) {
        return KIND.equals(kind);
    }

    /** [toolchain] for kind = "jvm"; for other kinds the JVM keys are errors. */
    static ToolchainSpec.JvmOptions options(TableReader t, String kind, ConfigProblems problems) {
        if (!isJvm(kind)) {
            reject(t, TOOLCHAIN_KEYS, "only toolchain kind \"jvm\" takes this key", "remove it", problems);
            return ToolchainSpec.JvmOptions.NONE;
        }
        reject(t, NATIVE_TOOLCHAIN_KEYS, "a native compiler setting; toolchain kind \"jvm\" does not use it",
                "remove it (java_home = \"/usr/lib/jvm/...\" or jdk = \"25\" picks the JDK)", problems);
        List<String> classpath;
        if (t.has("jar") && t.has("classpath")) {
            problems.add(t.line("classpath"), t.qualified("classpath"), "give either jar or classpath, not both", JAR_FIX);
            classpath = List.of();
        } else if (t.has("jar")) {
            classpath = t.optString("jar").map(List::of).orElse(List.of());
        } else {
            classpath = t.stringList("classpath", List.of());
        }
        if (classpath.isEmpty() || classpath.stream().anyMatch(String::isBlank)) {
            problems.add(t.line(t.has("classpath") ? "classpath" : "kind"), t.qualified(t.has("classpath") ? "classpath" : "jar"),
                    "a JVM program needs the jar (or classpath) its build produces", JAR_FIX);
        }
        for (String e : classpath) {
            if (e.contains(File.pathSeparator) && !t.has("classpath")) {
                problems.add(t.line("jar"), t.qualified("jar"), "'" + e + "' names several entries",
                        "list them: classpath = [\"a.jar\", \"b.jar\"]");
            }
        }
        Optional<String> main = t.optString("main");
        if (main.isPresent() && !main.get().matches("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*")) {
            problems.add(t.line("main"), t.qualified("main"), "'" + main.get() + "' is not a Java class name",
                    "main = \"com.example.Main\"   (omit it to use the jar's Main-Class)");
        }
        if (main.isEmpty() && classpath.size() > 1) {
            problems.add(t.line("classpath"), t.qualified("main"), "with several classpath entries, name the main class",
                    "main = \"com.example.Main\"");
        }
        if (t.has("java_home") && t.has("jdk")) {
            problems.add(t.line("jdk"), t.qualified("jdk"), "give either java_home or jdk, not both",
                    "jdk = \"25\"   (a feature version), or java_home = \"/usr/lib/jvm/temurin-25-jdk-amd64\"");
        }
        Optional<String> jdk = t.optString("jdk");
        if (jdk.isPresent() && !jdk.get().matches("[1-9][0-9]*")) {
            problems.add(t.line("jdk"), t.qualified("jdk"), "'" + jdk.get() + "' is not a JDK feature version",
                    "jdk = \"25\"   (pgolab picks that JDK under /usr/lib/jvm or JAVA_HOME)");
        }
        List<String> flags = t.stringList("jvm_flags", List.of());
        for (String f : flags) {
            if (!f.startsWith("-") || f.contains("AOTCache") || f.contains("AOTMode") || f.contains("SharedArchiveFile")
                    || f.contains("ArchiveClassesAtExit") || f.contains("AOTConfiguration") || f.startsWith("-Xshare")) {
                problems.add(t.line("jvm_flags"), t.qualified("jvm_flags"), "'" + f + "' "
                        + (f.startsWith("-") ? "is a cache flag pgolab sets itself per variant" : "is not a JVM option"),
                        "list only your own JVM options, e.g. jvm_flags = [\"-Xmx512m\"]; the cds and aot variants add"
                                + " their archive flags");
            }
        }
        ValueChecks.nonEmpty(t, List.of("main", "java_home", "jdk"), problems);
        return new ToolchainSpec.JvmOptions(classpath, main, flags, t.optString("java_home"), jdk);
    }

    /** [build] for kind = "jvm": a command that produces the classpath; no artifact or native flags. */
    static BuildSpec build(TableReader b, ToolchainSpec.JvmOptions jvm, ConfigProblems problems) {
        reject(b, NATIVE_BUILD_KEYS, "not used with toolchain kind \"jvm\"",
                "remove it: the program is the jar (or classpath) named in [toolchain]", problems);
        String command = b.string("command", "command = \"mvn -q -DskipTests package\"");
        ValueChecks.nonEmpty(b, "command", command, "command = \"mvn -q -DskipTests package\"", problems);
        ConfigLoader.checkPlaceholders(b, "command", command, BUILD_PLACEHOLDERS, problems);
        Optional<String> clean = b.optString("clean");
        clean.ifPresent(c -> ConfigLoader.checkPlaceholders(b, "clean", c, BUILD_PLACEHOLDERS, problems));
        String artifact = jvm.classpath().isEmpty() ? "" : jvm.classpath().get(0);
        return new BuildSpec(command, clean, artifact, "", "", "", b.duration("timeout", Duration.ofMinutes(30)),
                ValueChecks.env(b, "env", problems));
    }

    /** Variants a JVM program can be built as: release and the JVM steps, each alone. */
    static void checkVariants(TableReader project, List<Variant> variants, String kind, ConfigProblems problems) {
        if (!isJvm(kind)) {
            return;
        }
        for (Variant v : variants) {
            if (!v.steps().isEmpty() && (v.steps().size() > 1 || !v.jvm())) {
                problems.add(project.line("variants"), "project.variants", "variant '" + v + "' cannot be built for the JVM",
                        "JVM variants are \"release\", \"cds\", \"aot\" and \"native-pgo\" (one step each)");
            }
        }
    }

    private static void reject(TableReader t, List<String> keys, String why, String fix, ConfigProblems problems) {
        for (String k : keys) {
            if (t.has(k)) {
                problems.add(t.line(k), t.qualified(k), why, fix);
            }
        }
    }
}
