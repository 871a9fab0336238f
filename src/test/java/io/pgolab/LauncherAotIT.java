package io.pgolab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher {@code ./pgolab} with a real JDK >= 25: it makes an AOT cache of the jar on first use,
 * uses it after, and never uses it for another jar. The jar is a tiny program in place of pgolab's
 * (its "--help" argument, the launcher's training run, can be told to fail or to hang), in a copy of
 * the launcher's directory layout. .ci/run installs no JDK 25, so these tests skip wherever
 * /usr/lib/jvm has none, under CI too.
 */
class LauncherAotIT {
    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)");

    @TempDir
    Path tmp;
    Path home;
    Path jdk;

    @BeforeEach
    void layout() throws IOException {
        Optional<Path> found = jdk25();
        Tool.assumeHere(found.isPresent(), "no JDK >= 25 under /usr/lib/jvm (.ci/run installs none)");
        jdk = found.get();
        home = tmp.resolve("home");
        Files.createDirectories(home.resolve("src/main"));
        Files.createDirectories(home.resolve("target/launch"));
        Files.copy(Path.of("pgolab"), home.resolve("pgolab"));
        Files.writeString(home.resolve("pom.xml"), "<project/>\n");
        FileTime old = FileTime.from(Instant.now().minusSeconds(86_400));
        Files.setLastModifiedTime(home.resolve("pom.xml"), old);
        Files.setLastModifiedTime(home.resolve("src/main"), old);
    }

    @Test
    void makesUsesAndRekeysTheCache() throws Exception {
        jar("A");
        Run first = launch(Map.of(), "x");
        assertThat(first.stdout).isEqualTo("A x\n"); // the training run printed nothing here
        assertThat(first.stderr).isEmpty();
        Path cacheA = onlyCache();
        assertThat(first.aotLog).contains("Opened AOT cache " + cacheA + ".");
        FileTime made = Files.getLastModifiedTime(cacheA);

        Run second = launch(Map.of(), "y");
        assertThat(second.stdout).isEqualTo("A y\n");
        assertThat(second.aotLog).contains("Opened AOT cache " + cacheA + ".").contains("Using AOT-linked classes: true");
        assertThat(onlyCache()).isEqualTo(cacheA);
        assertThat(Files.getLastModifiedTime(cacheA)).isEqualTo(made);

        Path otherTmp = Files.createDirectories(tmp.resolve("other-tmp"));
        Run otherFlags = launch(Map.of("TMPDIR", otherTmp.toString()), "t"); // -Djava.io.tmpdir=...: another key
        assertThat(otherFlags.stdout).isEqualTo("A t\n");
        assertThat(caches()).hasSize(2).contains(cacheA); // both kept: no re-training when switching back
        assertThat(launch(Map.of(), "u").aotLog).contains("Opened AOT cache " + cacheA + ".");

        jar("B"); // the JVM itself would run A's classes from cacheA (docs/troubleshooting.md)
        Run third = launch(Map.of(), "z");
        assertThat(third.stdout).isEqualTo("B z\n");
        Path cacheB = onlyCache(); // both caches of jar A are gone
        assertThat(cacheB).isNotEqualTo(cacheA);
        assertThat(third.aotLog).contains("Opened AOT cache " + cacheB + ".").doesNotContain(cacheA.toString());

        Run off = launch(Map.of("PGOLAB_AOT", "0"), "w");
        assertThat(off.stdout).isEqualTo("B w\n");
        assertThat(off.aotLog).isEmpty(); // no -XX:AOTCache, no log
        assertNoTemporaries();
    }

    @Test
    void aFailedTrainingRunFallsBackWithOneLine() throws Exception {
        jar("A");
        Run r = launch(Map.of("HELLO_TRAIN", "fail"), "x");
        assertThat(r.stdout).isEqualTo("A x\n");
        assertThat(r.stderr.lines()).singleElement().asString().contains("could not make the start-up cache");
        assertThat(caches()).isEmpty();
        Run again = launch(Map.of("HELLO_TRAIN", "fail"), "y"); // not retried for the same key
        assertThat(again.stdout).isEqualTo("A y\n");
        assertThat(again.stderr).isEmpty();
        assertNoTemporaries();
    }

    @Test
    void anInterruptedCreationLeavesNothingAndASecondLauncherDoesNotWait() throws Exception {
        jar("A");
        Process creator = start(Map.of("HELLO_TRAIN", "hang"), "x");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!Files.exists(home.resolve("target/launch/aot/training-started"))) {
            assertThat(System.nanoTime()).as("training run started").isLessThan(deadline);
            Thread.sleep(20);
        }
        Run meanwhile = launch(Map.of(), "y"); // the lock is taken: runs without a cache at once
        assertThat(meanwhile.stdout).isEqualTo("A y\n");
        assertThat(meanwhile.aotLog).isEmpty();

        creator.destroy(); // SIGTERM to the launcher during the training run
        assertThat(creator.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(creator.exitValue()).isEqualTo(143);
        assertThat(caches()).isEmpty();
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (trainingJvms() > 0) { // the training JVM is killed with its process group
            assertThat(System.nanoTime()).as("training JVM gone").isLessThan(deadline);
            Thread.sleep(50);
        }
        assertNoTemporaries();

        Run after = launch(Map.of(), "z");
        assertThat(after.stdout).isEqualTo("A z\n");
        assertThat(after.aotLog).contains("Opened AOT cache " + onlyCache() + ".");
    }

    // --- helpers ---------------------------------------------------------------------------------

    record Run(int exit, String stdout, String stderr, String aotLog) {
    }

    private Run launch(Map<String, String> env, String arg) throws Exception {
        Process p = start(env, arg);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        Path log = tmp.resolve("aot.log");
        Run r = new Run(p.exitValue(), Files.readString(tmp.resolve("out")), Files.readString(tmp.resolve("err")),
                Files.exists(log) ? Files.readString(log) : "");
        Files.deleteIfExists(log);
        assertThat(r.exit).as(r.stderr).isZero();
        return r;
    }

    private Process start(Map<String, String> env, String arg) throws IOException {
        ProcessBuilder pb = new ProcessBuilder("bash", home.resolve("pgolab").toString(), arg)
                .redirectOutput(tmp.resolve("out").toFile())
                .redirectError(tmp.resolve("err").toFile());
        pb.environment().keySet().removeAll(List.of("JAVA_HOME", "JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "PGOLAB_AOT"));
        pb.environment().put("PGOLAB_JAVA_HOME", jdk.toString());
        pb.environment().put("PGOLAB_AOT_LOG", tmp.resolve("aot.log").toString());
        pb.environment().putAll(env);
        return pb.start();
    }

    /** A jar whose main prints TEXT and its arguments; as the training run ("--help"), see HELLO_TRAIN. */
    private void jar(String text) throws IOException {
        Path src = Files.createDirectories(tmp.resolve("src-" + text));
        Files.writeString(src.resolve("Hello.java"), """
                public class Hello {
                    public static void main(String[] a) throws Exception {
                        if (a.length > 0 && a[0].equals("--help")) {
                            String how = String.valueOf(System.getenv("HELLO_TRAIN"));
                            if (how.equals("fail")) System.exit(3);
                            if (how.equals("hang")) {
                                java.nio.file.Files.writeString(java.nio.file.Path.of("training-started"), "");
                                Thread.sleep(120_000);
                            }
                            System.out.println("training output");
                            return;
                        }
                        System.out.println("%s " + String.join(" ", a));
                    }
                }
                """.formatted(text));
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null,
                "--release", "17", "-d", src.toString(), src.resolve("Hello.java").toString());
        assertThat(rc).isZero();
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "Hello");
        Path next = home.resolve("target/launch/pgolab.jar.next");
        try (OutputStream out = Files.newOutputStream(next); JarOutputStream j = new JarOutputStream(out, m)) {
            j.putNextEntry(new JarEntry("Hello.class"));
            j.write(Files.readAllBytes(src.resolve("Hello.class")));
            j.closeEntry();
        }
        Files.move(next, home.resolve("target/launch/pgolab.jar"), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    private List<Path> caches() throws IOException {
        Path dir = home.resolve("target/launch/aot");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".aot")).toList();
        }
    }

    private Path onlyCache() throws IOException {
        List<Path> c = caches();
        assertThat(c).hasSize(1);
        return c.get(0);
    }

    private void assertNoTemporaries() throws IOException {
        try (Stream<Path> s = Files.list(home.resolve("target/launch/aot"))) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains(".tmp"));
        }
    }

    private long trainingJvms() {
        String marker = "-XX:AOTCacheOutput=" + home.resolve("target/launch/aot");
        return ProcessHandle.allProcesses()
                .filter(h -> h.info().arguments().map(a -> String.join(" ", a).contains(marker)).orElse(false))
                .count();
    }

    /** A JDK >= 25 under /usr/lib/jvm (by its release file), if any. */
    static Optional<Path> jdk25() throws IOException {
        Path root = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(d -> Files.isExecutable(d.resolve("bin/java")) && major(d) >= 25).sorted().findFirst();
        }
    }

    private static int major(Path jdk) {
        try {
            Matcher m = JAVA_VERSION.matcher(Files.readString(jdk.resolve("release")));
            return m.find() ? Integer.parseInt(m.group(1)) : 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
