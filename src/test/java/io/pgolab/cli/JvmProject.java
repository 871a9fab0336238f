package io.pgolab.cli;

import io.pgolab.Tool;
import io.pgolab.toolchain.jvm.JdkInstall;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** A tiny JVM project for the jvm toolchain's tests: App prints its version word, then a sum. */
final class JvmProject {
    private JvmProject() {
    }

    /** The installed JDK of this feature version, if any. */
    static Optional<JdkInstall> jdk(int feature) {
        return JdkInstall.discover().stream().filter(j -> j.feature() == feature).findFirst();
    }

    /** JDK 17 is what .ci/run installs: missing there fails; JDK 25 (Temurin, not a Debian package) may be absent. */
    static JdkInstall require(int feature) {
        Optional<JdkInstall> j = jdk(feature);
        if (feature == 17) {
            Tool.require(j.isPresent(), "JDK 17");
        } else {
            Tool.assumeHere(j.isPresent(), "JDK " + feature + " is not installed here");
        }
        return j.orElseThrow();
    }

    static String app(String word, String onCrash) {
        return "public class App { public static void main(String[] a) throws Exception {\n"
                + "  if (a.length > 0 && a[0].equals(\"crash\")) { " + onCrash + " }\n"
                + "  java.util.List<String> l = new java.util.ArrayList<>();\n"
                + "  for (int i = 0; i < 2000; i++) l.add(\"x\" + i);\n"
                + "  System.out.println(\"" + word + " \" + l.stream().map(String::length).reduce(0, Integer::sum));\n"
                + "} }\n";
    }

    /** Compiles App (printing word) into dir/out/app dir.jar with jdk's javac and jar: the jar rebuilt in place. */
    static void buildJar(Path dir, JdkInstall jdk, String word) throws Exception {
        Files.writeString(dir.resolve("src/App.java"), app(word, "System.exit(3);"));
        run(dir, jdk.home().resolve("bin/javac").toString(), "-d", "classes", "src/App.java");
        Files.createDirectories(dir.resolve("out"));
        run(dir, jdk.home().resolve("bin/jar").toString(), "cfe", "out/app dir.jar", "App", "-C", "classes", ".");
    }

    /**
     * A project whose [build] command does nothing: the test builds the jar itself (buildJar), as a
     * build outside pgolab would. extra: more [toolchain] lines; train: the training command.
     */
    static Path create(Path dir, JdkInstall jdk, String variants, String extra, String train) throws Exception {
        Files.createDirectories(dir.resolve("src"));
        buildJar(dir, jdk, "v1");
        Files.writeString(dir.resolve("pgolab.toml"), "[project]\nname = \"tiny\"\nvariants = [" + variants + "]\n"
                + "[toolchain]\nkind = \"jvm\"\njava_home = \"" + jdk.home() + "\"\njar = \"out/app dir.jar\"\n" + extra
                + "[build]\ncommand = \"true\"\n"
                + "[[train]]\nname = \"once\"\ncommand = \"" + train + "\"\n"
                + "[[bench]]\nname = \"run\"\ncommand = \"{binary} bench\"\n");
        return dir;
    }

    private static void run(Path dir, String... argv) throws Exception {
        Process p = new ProcessBuilder(List.of(argv)).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new AssertionError(String.join(" ", argv) + " failed: " + out);
        }
    }

    /** Runs a built variant's launcher (its manifest's binary) and returns what it printed. */
    static String runVariant(Path project, String variant) throws Exception {
        String manifest = Files.readString(project.resolve(".pgolab/variants/" + variant + ".json"));
        String binary = new com.fasterxml.jackson.databind.ObjectMapper().readTree(manifest).get("binary").asText();
        Process p = new ProcessBuilder(binary, "x").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new AssertionError(variant + " failed: " + out);
        }
        return out.strip();
    }

    static String manifestField(Path project, String variant, String field) throws Exception {
        String manifest = Files.readString(project.resolve(".pgolab/variants/" + variant + ".json"));
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(manifest).get(field).asText();
    }
}
