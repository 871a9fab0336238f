package io.pgolab.ci;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A jar that holds only a manifest: its Main-Class, and a Class-Path of this test run's classes and
 * dependencies. 'java -jar' on it runs pgolab as built by this test run, so the workflow's own
 * "Install pgolab" step (pgolab's composite action) can fetch it from a file: URL like a released pgolab.jar,
 * with its pgolab.jar.sha256 beside it.
 */
final class Launcher {
    private Launcher() {
    }

    static Path jar(Path dir, String mainClass) throws IOException {
        List<String> entries = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!e.isEmpty()) {
                entries.add(Path.of(e).toAbsolutePath().toUri().toString());
            }
        }
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        m.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass);
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", entries));
        Files.createDirectories(dir);
        Path jar = dir.resolve("pgolab.jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            j.flush();
        }
        // as 'mvn package' (src/build/ReleaseFiles.java) and a release publish it: the SHA-256 beside the jar
        Files.writeString(dir.resolve("pgolab.jar.sha256"), sha256(jar) + "  pgolab.jar\n");
        return jar;
    }

    /** The hex SHA-256 of a file, as PGOLAB_JAR_SHA256 wants it. */
    static String sha256(Path file) throws IOException {
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
            return java.util.HexFormat.of().formatHex(d);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
