package io.pgolab.toolchain.jvm;

import io.pgolab.UserError;
import io.pgolab.config.ToolchainSpec.JvmOptions;
import io.pgolab.config.Variant.Step;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One JDK: its home, the exact output of 'java -version' (part of every cache key) and what it can
 * do for pgolab's JVM steps. The one discovery of JDKs: the jvm toolchain picks one with
 * {@link #choose}, and 'pgolab doctor' lists {@link #discover}.
 */
public record JdkInstall(Path home, String versionOutput) {
    public static final Path JVM_DIR = Path.of("/usr/lib/jvm");
    /** Dynamic AppCDS archives (-XX:ArchiveClassesAtExit) exist since JDK 13; pgolab asks for 17. */
    public static final int MIN_CDS = 17;
    /** JEP 483 AOT cache (two steps). */
    public static final int MIN_AOT = 24;
    /** JEP 514/515: one-step -XX:AOTCacheOutput, method profiles stored in the cache. */
    public static final int MIN_AOT_ONE_STEP = 25;
    private static final Pattern VERSION = Pattern.compile("version \"(\\d+)(?:\\.(\\d+))?");

    public Path java() {
        return home.resolve("bin/java");
    }

    /** 17 for "17.0.21.1", 8 for "1.8.0_412"; 0 when 'java -version' printed no version. */
    public int feature() {
        return feature(versionOutput);
    }

    static int feature(String versionOutput) {
        Matcher m = VERSION.matcher(versionOutput);
        if (!m.find()) {
            return 0;
        }
        int major = Integer.parseInt(m.group(1));
        return major == 1 && m.group(2) != null ? Integer.parseInt(m.group(2)) : major;
    }

    /** The first line of 'java -version', e.g. openjdk version "25.0.3" 2026-04-21 LTS. */
    public String firstLine() {
        return versionOutput.lines().findFirst().orElse("").strip();
    }

    /** The runtime line, e.g. "OpenJDK Runtime Environment Temurin-25.0.3+9 (build 25.0.3+9-LTS)". */
    public String runtime() {
        return versionOutput.lines().skip(1).findFirst().orElse("").strip();
    }

    public boolean oracleGraal() {
        return versionOutput.contains("Oracle GraalVM");
    }

    public Optional<Path> nativeImage() {
        Path p = home.resolve("bin/native-image");
        return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
    }

    /** Why this JDK cannot make the step; empty when it can. */
    public Optional<String> missing(Step step) {
        int f = feature();
        return Optional.ofNullable(switch (step) {
            case CDS -> f >= MIN_CDS ? null : "dynamic AppCDS archives need JDK " + MIN_CDS + " or newer (this is JDK " + f + ")";
            case AOT -> f >= MIN_AOT ? null : "the AOT cache (JEP 483) needs JDK " + MIN_AOT + " or newer (this is JDK " + f + ")";
            case NATIVE_PGO -> oracleGraal() && nativeImage().isPresent() ? null
                    : "native-image PGO needs Oracle GraalVM with native-image (GraalVM Community Edition has no PGO)"
                    + (nativeImage().isPresent() ? "; this native-image is not Oracle GraalVM's" : "; this JDK has no native-image");
            default -> "not a JVM step";
        });
    }

    /** One line of what this JDK supports, for doctor and describe(). */
    public String supportLine() {
        int f = feature();
        List<String> s = new ArrayList<>();
        s.add(f >= MIN_CDS ? "cds" : "no cds (needs " + MIN_CDS + ")");
        s.add(f >= MIN_AOT_ONE_STEP ? "aot (one step, with method profiles)" : f >= MIN_AOT ? "aot (two steps, no method profiles)"
                : "no aot (needs " + MIN_AOT + ")");
        s.add(missing(Step.NATIVE_PGO).isEmpty() ? "native-pgo" : "no native-pgo (needs Oracle GraalVM native-image)");
        return String.join(", ", s);
    }

    public static JdkInstall probe(Path home) {
        Exec.Result r = Exec.capture(null, null, Map.of(), List.of(home.resolve("bin/java").toString(), "-version"), 30);
        return new JdkInstall(home, r.ok() ? r.output().strip() : "");
    }

    /** Every JDK found: JAVA_HOME, the java on PATH, and each real directory under /usr/lib/jvm. */
    public static List<JdkInstall> discover() {
        Map<Path, JdkInstall> found = new LinkedHashMap<>();
        for (Path home : candidates()) {
            try {
                Path real = home.toRealPath();
                found.computeIfAbsent(real, JdkInstall::probe);
            } catch (IOException e) {
                // vanished
            }
        }
        return List.copyOf(found.values());
    }

    private static List<Path> candidates() {
        List<Path> homes = new ArrayList<>();
        Optional.ofNullable(System.getenv("JAVA_HOME")).filter(h -> !h.isBlank()).map(Path::of)
                .filter(h -> Files.isExecutable(h.resolve("bin/java"))).ifPresent(homes::add);
        ToolLocator.onPath("java").flatMap(JdkInstall::homeOf).ifPresent(homes::add);
        List<Path> dirs = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(JVM_DIR)) {
            for (Path d : ds) {
                if (Files.isExecutable(d.resolve("bin/java"))) {
                    dirs.add(d);
                }
            }
        } catch (IOException e) {
            // no /usr/lib/jvm
        }
        dirs.sort(Comparator.comparing(Path::toString));
        homes.addAll(dirs);
        return homes;
    }

    private static Optional<Path> homeOf(Path java) {
        try {
            Path bin = java.toRealPath().getParent();
            return Optional.ofNullable(bin == null ? null : bin.getParent());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The JDK the config asks for: java_home, else the JDK of feature version jdk (the last of them in
     * discovery order), else JAVA_HOME, else the java on PATH, else the first under /usr/lib/jvm.
     */
    public static JdkInstall choose(JvmOptions o, List<JdkInstall> found) {
        if (o.javaHome().isPresent()) {
            Path home = Path.of(o.javaHome().get());
            if (!Files.isExecutable(home.resolve("bin/java"))) {
                throw new UserError("toolchain.java_home = \"" + home + "\" has no bin/java", "point it at a JDK's home"
                        + " directory" + available(found));
            }
            JdkInstall j = probe(home);
            if (j.feature() == 0) {
                throw new UserError(home.resolve("bin/java") + " -version did not run or printed no version",
                        "check the JDK at " + home + available(found));
            }
            return j;
        }
        if (o.jdk().isPresent()) {
            int want = Integer.parseInt(o.jdk().get());
            return found.stream().filter(j -> j.feature() == want).reduce((a, b) -> b).orElseThrow(() -> new UserError(
                    "toolchain.jdk = \"" + want + "\": no JDK " + want + " is installed",
                    "install one (e.g. apt-get install -y openjdk-" + want + "-jdk, or Temurin " + want
                            + " from https://adoptium.net), or set java_home" + available(found)));
        }
        return found.stream().filter(j -> j.feature() > 0).findFirst().orElseThrow(() -> new UserError(
                        "toolchain kind \"jvm\": no JDK found (JAVA_HOME, java on PATH, " + JVM_DIR + ")",
                        "install one: apt-get install -y openjdk-17-jdk, or set toolchain.java_home"));
    }

    /** "; installed: ..." listing the JDKs found, for hints. */
    public static String available(List<JdkInstall> found) {
        return found.isEmpty() ? "" : "; installed: " + String.join(", ", found.stream()
                .map(j -> "JDK " + j.feature() + " (" + j.home() + ")").toList());
    }
}
