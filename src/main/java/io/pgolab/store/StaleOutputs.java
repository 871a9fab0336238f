package io.pgolab.store;

import io.pgolab.UserError;
import io.pgolab.toolchain.CompileRecord;
import io.pgolab.util.Hashing;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Build outputs that predate the build: a tree that already holds the objects and the program of an
 * earlier `./configure && make` (copied with their timestamps when copy_sources is set, or left in
 * root by the previous variant) makes make compile nothing, and the "variant" is then the old binary.
 * The check: the artifact existed before the build command ran and the build did not rewrite it, or
 * the only link relinked objects that existed before the build command with no compile in between.
 */
public final class StaleOutputs {
    /** Extensions of compiler and archiver outputs, for naming what the tree holds. */
    private static final Set<String> OUTPUT_EXT = Set.of("o", "obj", "a", "lo", "la", "gch", "pch");
    private static final int SHOWN = 3;

    private StaleOutputs() {
    }

    /** The artifact as it was before the build command ran; empty when it did not exist. */
    public record Before(Path path, long modifiedNanos, long size, String sha256) {
        public static Optional<Before> of(Path artifact) {
            if (!Files.isRegularFile(artifact)) {
                return Optional.empty();
            }
            try {
                BasicFileAttributes a = Files.readAttributes(artifact, BasicFileAttributes.class);
                return Optional.of(new Before(artifact, nanos(a), a.size(), Hashing.ofPath(artifact)));
            } catch (IOException | RuntimeException e) {
                return Optional.empty();   // unreadable: the build rewrites it or fails on its own
            }
        }

        /** True when the file is the one that was there: same time, size and bytes. */
        boolean unchanged() {
            try {
                BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
                return nanos(a) == modifiedNanos && a.size() == size && Hashing.ofPath(path).equals(sha256);
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }

        private static long nanos(BasicFileAttributes a) {
            return a.lastModifiedTime().to(TimeUnit.NANOSECONDS);
        }
    }

    /**
     * Fails the build of name when its artifact is an earlier build's output. records: the audited
     * compiler invocations (empty when not audited); startedMillis: when the build command started.
     */
    public static void check(String name, String command, Optional<Before> before, List<CompileRecord> records, Path srcDir,
                      boolean copied, long startedMillis, Path configFile) {
        List<CompileRecord> compiles = records.stream().filter(c -> c.compiles() && !c.probeGone()).toList();
        Optional<String> why = Optional.empty();
        if (before.isPresent() && before.get().unchanged() && outsideTheBuild(before.get().path(), srcDir, configFile)) {
            throw new UserError("building variant '" + name + "': build.artifact is " + before.get().path() + ", which is"
                    + " outside the build's directories (" + srcDir + " and " + configFile.getParent().resolve(".pgolab")
                    + ") and was not written by the build command: it is not this build's output",
                    "point build.artifact in " + configFile + " at the program build.command makes, e.g."
                            + " \"{srcdir}/prog\" or \"{builddir}/prog\"");
        }
        if (before.isPresent() && before.get().unchanged()) {
            why = Optional.of(shortName(before.get().path(), srcDir) + " existed before the build command ran and the"
                    + " build did not rewrite it");
        } else if (compiles.isEmpty()) {
            List<String> old = records.stream().filter(CompileRecord::links).flatMap(l -> l.inputs().stream())
                    .filter(p -> isOutput(p) && olderThan(p, startedMillis)).map(p -> shortName(p, srcDir))
                    .distinct().toList();
            if (!old.isEmpty()) {
                why = Optional.of("the link used " + few(old) + " from before the build command ran, and nothing was compiled");
            }
        }
        if (why.isEmpty()) {
            return;
        }
        List<String> outputs = outputsBefore(srcDir, startedMillis);
        String held = outputs.isEmpty() ? "" : "; the tree holds " + outputs.size() + " object/archive file(s) from"
                + " before the build (" + few(outputs) + ")";
        throw new UserError("building variant '" + name + "': " + builder(command) + " compiled nothing: the tree holds"
                + " earlier build outputs (" + why.get() + held + ")", hint(copied, configFile, srcDir));
    }

    /** A file neither in the sources the build ran in nor in pgolab's store (where {builddir} and {installdir} are). */
    static boolean outsideTheBuild(Path artifact, Path srcDir, Path configFile) {
        Path a = artifact.toAbsolutePath().normalize();
        Path store = configFile.toAbsolutePath().normalize().getParent().resolve(".pgolab");
        return !a.startsWith(srcDir.toAbsolutePath().normalize()) && !a.startsWith(store);
    }

    static String hint(boolean copied, Path configFile, Path srcDir) {
        String clean = "set a clean command in [build] of " + configFile + " (e.g. clean = \"make clean\"), which pgolab"
                + " runs before every build";
        return copied
                ? "copy_sources copies root with its files' timestamps, so make finds the earlier objects and program"
                + " up to date: " + clean + " in the copy (" + srcDir + "), or list the outputs in [project] exclude"
                + " (e.g. exclude = [\"*.o\", \"*.a\"] and the program), or run 'make clean' in root once"
                : "the variants are built in root, where the previous build's outputs stay: " + clean
                + ", or build into {builddir} (e.g. make O={builddir}), or set copy_sources = true and a clean command";
    }

    /** "make" when the build command is a make, else "the build command". */
    static String builder(String command) {
        String first = command.strip().split("[\\s;&|]+", 2)[0];
        String base = first.substring(first.lastIndexOf('/') + 1);
        return base.equals("make") || base.equals("gmake") ? "make" : "the build command";
    }

    private static boolean isOutput(Path p) {
        String n = p.getFileName() == null ? "" : p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 && OUTPUT_EXT.contains(n.substring(dot + 1));
    }

    private static boolean olderThan(Path p, long millis) {
        try {
            return Files.isRegularFile(p) && Files.getLastModifiedTime(p).toMillis() < millis;
        } catch (IOException e) {
            return false;
        }
    }

    /** Objects and archives under srcDir last written before millis (for the message only). */
    static List<String> outputsBefore(Path srcDir, long millis) {
        List<String> out = new ArrayList<>();
        try {
            Files.walkFileTree(srcDir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String n = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    return !dir.equals(srcDir) && (n.equals(".pgolab") || n.equals(".git"))
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && isOutput(file) && attrs.lastModifiedTime().toMillis() < millis) {
                        out.add(srcDir.relativize(file).toString());
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            return List.of();
        }
        out.sort(null);
        return out;
    }

    private static String shortName(Path p, Path srcDir) {
        return p.startsWith(srcDir) ? srcDir.relativize(p).toString() : p.toString();
    }

    private static String few(List<String> names) {
        return names.size() <= SHOWN ? String.join(", ", names)
                : String.join(", ", names.subList(0, SHOWN)) + " and " + (names.size() - SHOWN) + " more";
    }
}
