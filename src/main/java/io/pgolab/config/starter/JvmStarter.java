package io.pgolab.config.starter;

import io.pgolab.config.TomlText;
import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The starter pgolab.toml for a Maven (pom.xml) or Gradle (build.gradle, build.gradle.kts) project:
 * toolchain kind "jvm", the jar the build produces (in a multi-module Maven build the module init picks,
 * see MavenModules; with Gradle's application plugin the installDist tree, see GradleApp), the class with
 * a main method, variants release and cds (JDK 17 or newer; aot needs JDK 24).
 */
final class JvmStarter {
    private static final Pattern MAIN = Pattern.compile("static\\s+void\\s+main\\s*\\(");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");

    private JvmStarter() {
    }

    static boolean isMaven(Path dir) {
        return Files.isRegularFile(dir.resolve("pom.xml"));
    }

    static boolean isGradle(Path dir) {
        return Files.isRegularFile(dir.resolve("build.gradle")) || Files.isRegularFile(dir.resolve("build.gradle.kts"));
    }

    static String render(Path dir) {
        boolean maven = isMaven(dir);
        String name = dir.getFileName() == null ? "project" : dir.getFileName().toString();
        StringBuilder s = new StringBuilder();
        s.append("# pgolab.toml: written by 'pgolab init' (found ").append(maven ? "pom.xml, Maven" : "a Gradle build").append(").\n");
        s.append("# Every key is documented in docs/config.md ('Toolchain kind \"jvm\"'). Check the lines marked CHANGE_ME or guessed.\n\n");
        s.append("[project]\nname = ").append(TomlText.quote(name)).append("\n");
        s.append("root = \".\"\n");
        s.append("variants = [\"release\", \"cds\"]   # \"aot\" too with a JDK 24 or newer (jdk = \"25\")\n\n");
        s.append("[toolchain]\nkind = \"jvm\"\n");
        String command = maven ? maven(dir, name, s) : gradle(dir, name, s);
        s.append("\n[build]\n").append("command = ").append(TomlText.quote(command)).append("\n\n");
        s.append("# Training: one representative run; the cds archive is made from it.\n");
        s.append("[[train]]\nname = \"typical\"\ncommand = \"{binary}\"   # CHANGE_ME: a realistic workload\n");
        s.append("timeout = \"10m\"\n\n");
        s.append("# Benchmarks: held-out workloads (not the training ones) to compare variants on.\n");
        s.append("[[bench]]\nname = \"main\"\ncommand = \"{binary}\"   # CHANGE_ME\n");
        return s.toString();
    }

    /** jar and main of the module init picks; returns the build command (-pl MODULE -am in a multi-module build). */
    private static String maven(Path dir, String name, StringBuilder s) {
        Optional<MavenModules.Choice> c = MavenModules.choose(MavenModules.find(dir), name);
        if (c.isEmpty()) {
            s.append("jar = \"target/CHANGE_ME.jar\"   # CHANGE_ME: the jar the build produces (no jar module found)\n");
            s.append("main = \"CHANGE_ME\"   # CHANGE_ME: the main class\n");
            return "mvn -q -B -DskipTests package";
        }
        MavenModules.Module m = c.get().module();
        s.append("jar = ").append(TomlText.quote(m.jar()));
        if (c.get().guessed()) {
            s.append("   # guessed: module ").append(TomlText.comment(m.dir())).append(", others: ")
                    .append(TomlText.comment(String.join(", ", c.get().others())));
        } else if (m.jar().contains("CHANGE_ME")) {
            s.append("   # CHANGE_ME: the version is not a plain value in the pom");
        }
        s.append("\n");
        if (!m.runnable()) {
            s.append("# The jar holds this module's classes only: if the program needs its dependencies, list them\n")
                    .append("# (classpath = [\"").append(m.jar()).append("\", \"...\"]) or build a jar with them (maven-shade-plugin).\n");
        }
        main(s, m.main().or(() -> mainClass(m.dir().isEmpty() ? dir : dir.resolve(m.dir()))), m.runnable());
        return m.dir().isEmpty() ? "mvn -q -B -DskipTests package"
                : "mvn -q -B -DskipTests -pl " + m.dir() + " -am package";
    }

    /** The application plugin's installDist when the build applies it, else assemble and build/libs. */
    private static String gradle(Path dir, String name, StringBuilder s) {
        String wrapper = Files.isRegularFile(dir.resolve("gradlew")) ? "./gradlew" : "gradle";
        Optional<GradleApp> app = GradleApp.find(dir);
        if (app.isEmpty()) {
            s.append("jar = \"build/libs/CHANGE_ME.jar\"   # CHANGE_ME: the jar the build produces\n");
            main(s, mainClass(dir), false);
            return wrapper + " -q assemble";
        }
        GradleApp a = app.get();
        String project = a.dir().isEmpty() ? name : a.dir().substring(a.dir().lastIndexOf('/') + 1);
        String prefix = a.dir().isEmpty() ? "" : a.dir() + "/";
        String lib = prefix + "build/install/" + project + "/lib/";
        s.append("# installDist puts the program's jar and its dependencies in ").append(TomlText.comment(lib)).append("\n");
        s.append("classpath = [").append(TomlText.quote(lib + project + a.version().map(v -> "-" + v).orElse("") + ".jar"))
                .append("]   # guessed: add the dependency jars of ").append(TomlText.comment(lib)).append(" it needs\n");
        main(s, a.main().or(() -> mainClass(a.dir().isEmpty() ? dir : dir.resolve(a.dir()))), false);
        return wrapper + " -q " + (a.dir().isEmpty() ? "" : ":" + a.dir().replace('/', ':') + ":") + "installDist";
    }

    private static void main(StringBuilder s, Optional<String> main, boolean manifest) {
        if (main.isPresent()) {
            s.append("main = ").append(TomlText.quote(main.get())).append("\n");
        } else if (!manifest) {
            s.append("main = \"CHANGE_ME\"   # CHANGE_ME: the main class\n");
        }
    }

    /** The one class under src/main/java (or src/main/kotlin is left out) with a main method. */
    static Optional<String> mainClass(Path dir) {
        Path src = dir.resolve("src/main/java");
        if (!Files.isDirectory(src)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.walk(src)) {
            var found = files.filter(f -> f.toString().endsWith(".java")).map(JvmStarter::mainOf)
                    .flatMap(Optional::stream).limit(2).toList();
            return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    private static Optional<String> mainOf(Path file) {
        try {
            String text = TextHead.of(file, TextHead.PROJECT_FILE);
            if (!MAIN.matcher(text).find()) {
                return Optional.empty();
            }
            String cls = file.getFileName().toString().replaceFirst("\\.java$", "");
            Matcher p = PACKAGE.matcher(text);
            return Optional.of(p.find() ? p.group(1) + "." + cls : cls);
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }
}
