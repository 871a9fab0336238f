package io.pgolab.init;

import io.pgolab.toolchain.elf.ElfKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The programs and shared libraries a build left in its tree, most likely artifact first. Build systems' own probes
 * (CMake's compiler identification, autoconf's conftest, Meson's sanity checks) are left out.
 */
final class BuiltFiles {
    private static final Set<String> PROBE_DIRS = Set.of("CMakeFiles", "CMakeScratch", "meson-private", ".pgolab", ".git");

    private BuiltFiles() {
    }

    /** One built file: its path relative to the tree it was found in, its kind, size and last modification. */
    record Built(Path path, String shown, ElfKind kind, long bytes, long modified) {
        String describe() {
            return shown + " (" + kind.label() + ")";
        }
    }

    /** The ELF programs and shared libraries under root, each shown relative to root. */
    static List<Built> under(Path root) {
        List<Built> out = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return out;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes a) {
                    return !dir.equals(root) && PROBE_DIRS.contains(dir.getFileName().toString())
                            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes a) {
                    if (a.isRegularFile() && !f.getFileName().toString().startsWith("conftest")) {
                        ElfKind.of(f).ifPresent(k -> out.add(new Built(f, root.relativize(f).toString(), k, a.size(),
                                a.lastModifiedTime().toMillis())));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path f, IOException e) {
                    return FileVisitResult.CONTINUE;   // unreadable: not something the check can name
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /**
     * Most likely artifact first: programs before libraries, then a program named like the project, then the
     * largest, then the one linked last.
     */
    static List<Built> ranked(List<Built> files, String project) {
        String p = project.toLowerCase(Locale.ROOT);
        Comparator<Built> order = Comparator.<Built>comparingInt(b -> b.kind() == ElfKind.EXECUTABLE ? 0 : 1)
                .thenComparingInt(b -> nameScore(b.path().getFileName().toString().toLowerCase(Locale.ROOT), p))
                .thenComparing(Comparator.comparingLong(Built::bytes).reversed())
                .thenComparing(Comparator.comparingLong(Built::modified).reversed())
                .thenComparing(Built::shown);
        return files.stream().sorted(order).toList();
    }

    /** 0: the project's name, 1: a name containing it or contained in it, 2: anything else. */
    private static int nameScore(String file, String project) {
        String base = file.contains(".") ? file.substring(0, file.indexOf('.')) : file;
        if (base.equals(project) || base.equals("lib" + project)) {
            return 0;
        }
        return !project.isEmpty() && !base.isEmpty() && (base.contains(project) || project.contains(base)) ? 1 : 2;
    }
}
