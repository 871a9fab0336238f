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
 * toolchain kind "jvm", the jar the build produces, the class with a main method, variants release
 * and cds (JDK 17 or newer; aot needs JDK 24).
 */
final class JvmStarter {
    private static final Pattern PARENT = Pattern.compile("(?s)<parent>.*?</parent>|<!--.*?-->");
    private static final Pattern ARTIFACT = Pattern.compile("<artifactId>\\s*([^<\\s]+)\\s*</artifactId>");
    private static final Pattern VERSION = Pattern.compile("<version>\\s*([^<\\s]+)\\s*</version>");
    private static final Pattern PACKAGING = Pattern.compile("<packaging>\\s*([^<\\s]+)\\s*</packaging>");
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
        Optional<String> jar = maven ? mavenJar(dir) : Optional.empty();
        Optional<String> main = mainClass(dir);
        StringBuilder s = new StringBuilder();
        s.append("# pgolab.toml: written by 'pgolab init' (found ").append(maven ? "pom.xml, Maven" : "a Gradle build").append(").\n");
        s.append("# Every key is documented in docs/config.md ('Toolchain kind \"jvm\"'). Check the lines marked CHANGE_ME.\n\n");
        s.append("[project]\nname = ").append(TomlText.quote(name)).append("\n");
        s.append("root = \".\"\n");
        s.append("variants = [\"release\", \"cds\"]   # \"aot\" too with a JDK 24 or newer (jdk = \"25\")\n\n");
        s.append("[toolchain]\nkind = \"jvm\"\n");
        s.append("jar = ").append(TomlText.quote(jar.orElse(maven ? "target/CHANGE_ME.jar" : "build/libs/CHANGE_ME.jar")))
                .append(jar.isPresent() ? "" : "   # CHANGE_ME: the jar the build produces").append("\n");
        s.append("main = ").append(TomlText.quote(main.orElse("CHANGE_ME")))
                .append(main.isPresent() ? "   # omit to use the jar's Main-Class" : "   # CHANGE_ME: the main class").append("\n\n");
        s.append("[build]\n");
        if (maven) {
            s.append("command = \"mvn -q -B -DskipTests package\"\n\n");
        } else {
            s.append("command = \"").append(Files.isRegularFile(dir.resolve("gradlew")) ? "./gradlew" : "gradle")
                    .append(" -q assemble\"\n\n");
        }
        s.append("# Training: one representative run; the cds archive is made from it.\n");
        s.append("[[train]]\nname = \"typical\"\ncommand = \"{binary}\"   # CHANGE_ME: a realistic workload\n");
        s.append("timeout = \"10m\"\n\n");
        s.append("# Benchmarks: held-out workloads (not the training ones) to compare variants on.\n");
        s.append("[[bench]]\nname = \"main\"\ncommand = \"{binary}\"   # CHANGE_ME\n");
        return s.toString();
    }

    /** target/ARTIFACT-VERSION.jar of a jar module whose own artifactId and version are plain values. */
    static Optional<String> mavenJar(Path dir) {
        try {
            String pom = PARENT.matcher(TextHead.of(dir.resolve("pom.xml"), TextHead.PROJECT_FILE)).replaceAll("");
            Matcher p = PACKAGING.matcher(pom);
            if (p.find() && !p.group(1).equals("jar")) {
                return Optional.empty();
            }
            Matcher a = ARTIFACT.matcher(pom);
            Matcher v = VERSION.matcher(pom);
            if (!a.find() || !v.find() || a.group(1).contains("$") || v.group(1).contains("$")) {
                return Optional.empty();
            }
            return Optional.of("target/" + a.group(1) + "-" + v.group(1) + ".jar");
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
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
