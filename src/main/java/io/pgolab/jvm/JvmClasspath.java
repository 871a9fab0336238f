package io.pgolab.jvm;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.util.Hashing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarFile;

/**
 * The classpath a JVM build produced, as found after the build: each entry (in order) with its
 * SHA-256, and the main class. Every variant runs its own copy of these entries (see {@link #copyTo}),
 * so a jar rebuilt in place never reaches a class archive or AOT cache made from the old one: the
 * JDK does not always notice (observed: Temurin 25.0.3 silently used a stale AOT cache).
 */
record JvmClasspath(List<Path> entries, List<String> sha256s, String main) {

    /** The configured entries (relative to the project root), checked to exist, hashed; main resolved. */
    static JvmClasspath found(Config config) {
        var o = config.toolchain().jvm();
        List<Path> entries = new ArrayList<>();
        List<String> shas = new ArrayList<>();
        for (String e : o.classpath()) {
            Path p = config.root().resolve(e).normalize();
            if (!Files.exists(p)) {
                throw new UserError("the build succeeded but did not produce " + p,
                        "check toolchain." + (o.classpath().size() == 1 ? "jar" : "classpath") + " in " + config.file()
                                + " (relative to the project root " + config.root() + ") and that [build] command writes it");
            }
            entries.add(p);
            shas.add(Hashing.ofPath(p));
        }
        String main = o.main().orElseGet(() -> manifestMain(entries.get(0), config));
        if (!hasClass(entries, main)) {
            throw new UserError("main class " + main + " is not in the classpath (" + String.join(", ",
                    entries.stream().map(Path::toString).toList()) + ")",
                    "check toolchain.main in " + config.file() + " (a class name such as com.example.Main) and the jar"
                            + " the build produces");
        }
        return new JvmClasspath(List.copyOf(entries), List.copyOf(shas), main);
    }

    private static String manifestMain(Path entry, Config config) {
        String fix = "set toolchain.main = \"com.example.Main\" in " + config.file();
        if (Files.isDirectory(entry)) {
            throw new UserError("the classpath starts with a directory (" + entry + "), which has no Main-Class", fix);
        }
        try (JarFile j = new JarFile(entry.toFile())) {
            String m = j.getManifest() == null ? null : j.getManifest().getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
            if (m == null || m.isBlank()) {
                throw new UserError(entry + " has no Main-Class in its manifest", fix);
            }
            return m.strip();
        } catch (IOException e) {
            throw new UserError(entry + " is not a readable jar: " + e.getMessage(),
                    "check toolchain.jar in " + config.file() + " and the build that writes it");
        }
    }

    private static boolean hasClass(List<Path> entries, String main) {
        String name = main.replace('.', '/') + ".class";
        for (Path e : entries) {
            if (Files.isDirectory(e)) {
                if (Files.isRegularFile(e.resolve(name))) {
                    return true;
                }
            } else {
                try (JarFile j = new JarFile(e.toFile())) {
                    if (j.getEntry(name) != null) {
                        return true;
                    }
                } catch (IOException ex) {
                    // not a jar: the JVM will skip it too
                }
            }
        }
        return false;
    }

    /** The first directory entry, if any: class archives and AOT caches take classes from jars only. */
    Optional<Path> directory() {
        return entries.stream().filter(Files::isDirectory).findFirst();
    }

    /** Hash input: each entry's file name and SHA-256, in order, and the main class. */
    String identity() {
        StringBuilder s = new StringBuilder("main=").append(main);
        for (int i = 0; i < entries.size(); i++) {
            s.append('\n').append(entries.get(i).getFileName()).append('\t').append(sha256s.get(i));
        }
        return s.toString();
    }

    /** Copies every entry to dir/cp/N/NAME and returns the copies, in order. */
    List<Path> copyTo(Path dir) {
        List<Path> out = new ArrayList<>();
        try {
            for (int i = 0; i < entries.size(); i++) {
                Path src = entries.get(i);
                Path dst = dir.resolve("cp").resolve(Integer.toString(i)).resolve(src.getFileName().toString());
                Files.createDirectories(dst.getParent());
                if (Files.isDirectory(src)) {
                    for (Path f : Hashing.filesUnder(src)) {
                        Path t = dst.resolve(src.relativize(f).toString());
                        Files.createDirectories(t.getParent());
                        Files.copy(f, t, StandardCopyOption.REPLACE_EXISTING);
                    }
                } else {
                    Files.copy(src, dst, StandardCopyOption.REPLACE_EXISTING);
                }
                if (!Hashing.ofPath(dst).equals(sha256s.get(i))) {
                    throw new UserError(src + " changed while pgolab copied it",
                            "let the build finish before running pgolab, and run it again");
                }
                out.add(dst);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
