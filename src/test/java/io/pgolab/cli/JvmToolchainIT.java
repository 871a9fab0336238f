package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.jvm.JdkInstall;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jvm toolchain with real JDKs: the stale-cache trap (a jar rebuilt in place must never run with
 * the archive of the old one), damaged archives, and each failure with its own message.
 */
class JvmToolchainIT {
    @TempDir
    Path tmp;

    /** The trap of Temurin 25.0.3: the JVM itself used a stale AOT cache after the jar was rebuilt in place. */
    @Test
    void aJarRebuiltInPlaceRunsItsNewCodeWithNewArchives() throws Exception {
        JdkInstall jdk17 = JvmProject.require(17);
        boolean aot = JvmProject.jdk(25).isPresent();
        JdkInstall jdk = aot ? JvmProject.jdk(25).get() : jdk17;
        Path p = JvmProject.create(tmp.resolve("my project"), jdk, aot ? "\"release\", \"cds\", \"aot\"" : "\"release\", \"cds\"",
                "", "{binary} train");
        Cli.Result first = Cli.run(p, "build");
        assertThat(first.exitCode()).as(first.all()).isZero();
        String[] variants = aot ? new String[] {"release", "cds", "aot"} : new String[] {"release", "cds"};
        String cdsSha = JvmProject.manifestField(p, "cds", "profile_sha256");
        for (String v : variants) {
            assertThat(JvmProject.runVariant(p, v)).startsWith("v1 ");
        }
        String launcher = Files.readString(Path.of(JvmProject.manifestField(p, "cds", "binary")));
        assertThat(launcher).contains("-XX:SharedArchiveFile=", "-Xshare:on", "unset JAVA_TOOL_OPTIONS")
                .doesNotContain("ArchiveClassesAtExit", "AOTCacheOutput");
        // A measured run never writes an archive, even when the environment asks the JVM to.
        Path sneaky = tmp.resolve("sneaky.jsa");
        ProcessBuilder pb = new ProcessBuilder(JvmProject.manifestField(p, "cds", "binary"), "x").redirectErrorStream(true);
        pb.environment().put("JAVA_TOOL_OPTIONS", "-XX:ArchiveClassesAtExit=" + sneaky);
        Process proc = pb.start();
        assertThat(new String(proc.getInputStream().readAllBytes())).startsWith("v1 ");
        assertThat(proc.waitFor()).isZero();
        assertThat(sneaky).doesNotExist();
        Cli.Result again = Cli.run(p, "build");
        assertThat(again.err()).contains("build cds: up to date");

        JvmProject.buildJar(p, jdk, "v2");   // in place, outside pgolab: [build] command is 'true'
        Cli.Result rebuilt = Cli.run(p, "build");
        assertThat(rebuilt.exitCode()).as(rebuilt.all()).isZero();
        assertThat(rebuilt.err()).contains("build cds: making a new archive").contains("train once");
        for (String v : variants) {
            assertThat(JvmProject.runVariant(p, v)).as(v).startsWith("v2 ");
        }
        assertThat(JvmProject.manifestField(p, "cds", "profile_sha256")).isNotEqualTo(cdsSha);
        if (aot) {
            assertThat(rebuilt.err()).contains("build aot: making a new archive");
        }
    }

    @Test
    void aTruncatedArchiveIsNeverUsedButMadeAgain() throws Exception {
        JdkInstall jdk = JvmProject.jdk(25).orElseGet(() -> JvmProject.require(17));
        String variant = jdk.feature() >= 25 ? "aot" : "cds";
        Path p = JvmProject.create(tmp.resolve("p"), jdk, "\"" + variant + "\"", "", "{binary} train");
        assertThat(Cli.run(p, "build").exitCode()).isZero();
        Path binary = Path.of(JvmProject.manifestField(p, variant, "binary"));
        Path archive = binary.resolveSibling(variant.equals("aot") ? "app.aot" : "app.jsa");
        Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("rw-r--r--"));
        try (RandomAccessFile f = new RandomAccessFile(archive.toFile(), "rw")) {
            f.setLength(f.length() / 2);
        }
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.err()).contains("changed since it was built").contains("making the archive again");
        assertThat(JvmProject.runVariant(p, variant)).startsWith("v1 ");
    }

    @Test
    void aCrashingTrainingRunIsNamedWithoutAStackTrace() throws Exception {
        JdkInstall jdk = JvmProject.require(17);
        Path p = JvmProject.create(tmp.resolve("p"), jdk, "\"cds\"", "", "{binary} crash");
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("training workload 'once' failed with exit status 3")
                .doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void jdk17AskedForAotIsRefusedWithTheReasonAndAHint() throws Exception {
        JdkInstall jdk = JvmProject.require(17);
        Path p = JvmProject.create(tmp.resolve("p"), jdk, "\"release\", \"aot\"", "", "{binary} train");
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("variant 'aot' cannot be built with JDK 17")
                .contains("needs JDK 24 or newer").contains("hint:").doesNotContain("Exception");
        Cli.Result train = Cli.run(p, "train");
        assertThat(train.exitCode()).isEqualTo(2);
        assertThat(train.err()).contains("pgolab train makes compiler profiles").contains("pgolab build --retrain");
        Cli.Result graal = Cli.run(p, "build", "native-pgo");
        assertThat(graal.exitCode()).isEqualTo(2);
        assertThat(graal.err()).contains("variant 'native-pgo' cannot be built").contains("Oracle GraalVM")
                .doesNotContain("Exception");
    }

    @Test
    void aMainClassThatDoesNotExistAndAJarThatWasNotBuiltAreNamed() throws Exception {
        JdkInstall jdk = JvmProject.require(17);
        Path p = JvmProject.create(tmp.resolve("p"), jdk, "\"release\"", "main = \"com.example.Nope\"\n", "{binary} train");
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("main class com.example.Nope is not in the classpath").contains("toolchain.main");
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replace("main = \"com.example.Nope\"\n", "").replace("out/app dir.jar", "out/missing.jar"));
        Cli.Result missing = Cli.run(p, "build");
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("the build succeeded but did not produce").contains("missing.jar")
                .contains("toolchain.jar");
    }

    /** A JDK that runs the program but fails to write the cache (here a stand-in java that says so). */
    @Test
    void aJdkThatRefusesToCreateTheCacheSaysSo() throws Exception {
        JdkInstall real = JvmProject.require(17);
        Path fake = tmp.resolve("fake jdk");
        Files.createDirectories(fake.resolve("bin"));
        Path java = fake.resolve("bin/java");
        Files.writeString(java, "#!/bin/bash\n"
                + "for a in \"$@\"; do case \"$a\" in -version) echo 'openjdk version \"25.0.1\" 2025-10-21' >&2;"
                + " echo 'OpenJDK Runtime Environment (fake)' >&2; exit 0;;\n"
                + " -XX:AOTCacheOutput=*) echo '[0.1s][error][aot] Cannot dump AOT cache: unsupported (fake)' >&2;;"
                + " esac; done\n"
                + "args=(); for a in \"$@\"; do case \"$a\" in -XX:AOT*) ;; *) args+=(\"$a\");; esac; done\n"
                + "exec '" + real.java() + "' \"${args[@]}\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path p = JvmProject.create(tmp.resolve("p"), real, "\"aot\"", "", "{binary} train");
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replace(real.home().toString(), fake.toString()));
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("JDK 25 refused to create the AOT cache in training workload 'once'")
                .contains("Cannot dump AOT cache").doesNotContain("Exception");
    }

    /** JDK 24's two steps (record, then create), run by JDK 25 behind a java that reports 24. */
    @Test
    void aJdk24MakesItsAotCacheInTwoSteps() throws Exception {
        JdkInstall real = JvmProject.require(25);
        Path fake = tmp.resolve("jdk 24");
        Files.createDirectories(fake.resolve("bin"));
        Path java = fake.resolve("bin/java");
        Files.writeString(java, "#!/bin/bash\n"
                + "if [ \"$1\" = -version ]; then echo 'openjdk version \"24.0.2\" 2025-07-15' >&2; exit 0; fi\n"
                + "exec '" + real.java() + "' \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path p = JvmProject.create(tmp.resolve("p"), real, "\"aot\"", "", "{binary} train");
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replace(real.home().toString(), fake.toString()));
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.err()).contains("train aot: AOT cache").doesNotContain("method profiles");
        assertThat(JvmProject.runVariant(p, "aot")).startsWith("v1 ");
    }

    @Test
    void aClassesDirectoryIsFineForReleaseButNotForAnArchive() throws Exception {
        JdkInstall jdk = JvmProject.require(17);
        Path p = JvmProject.create(tmp.resolve("p"), jdk, "\"release\", \"cds\"", "", "{binary} train");
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replace("jar = \"out/app dir.jar\"", "classpath = [\"classes\"]\nmain = \"App\""));
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("variant 'cds' needs the classes in jars").contains("is a directory");
        assertThat(Cli.run(p, "build", "release").exitCode()).isZero();
        assertThat(JvmProject.runVariant(p, "release")).startsWith("v1 ");
    }
}
