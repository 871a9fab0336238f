package io.pgolab.pipeline;

import io.pgolab.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * A variant that is an install tree ({installdir} in build.artifact): the build installs into it (e.g. 'make install
 * DESTDIR={installdir}'), and the whole tree is published, hashed and checked on reuse like a single program. The
 * program runs inside its published tree, where it finds its modules, libraries and data by paths relative to itself
 * (CPython's lib/python3.X and lib-dynload, found from the interpreter's own path).
 */
final class InstallTree {
    private InstallTree() {
    }

    /** The artifact's path, normalized; an install tree's program must be inside the tree. */
    static Path check(Path binary, Path installDir, boolean installTree, Path configFile) {
        Path p = binary.toAbsolutePath().normalize();
        if (installTree && (!p.startsWith(installDir) || p.equals(installDir))) {
            throw new UserError("build.artifact names " + p + ", which is not a file inside the install tree "
                    + installDir, "make build.artifact '{installdir}/' plus the program's path in the tree, e.g."
                    + " \"{installdir}/usr/local/bin/myprogram\", in " + configFile);
        }
        return p;
    }

    /**
     * Copies the tree: directories, regular files with their modes and times, and symbolic links as links. A link to
     * an absolute path inside the tree (as some install rules write) becomes relative, so that the published tree
     * does not point back into the build directory, which the next build empties; other links stay as they are.
     */
    static void copy(Path from, Path to) throws IOException {
        List<Path> all;
        try (Stream<Path> s = Files.walk(from)) {
            all = s.sorted().toList();
        }
        for (Path f : all) {
            Path t = to.resolve(from.relativize(f).toString());
            if (Files.isSymbolicLink(f)) {
                Path target = Files.readSymbolicLink(f);
                if (target.isAbsolute() && target.normalize().startsWith(from)) {
                    target = f.getParent().relativize(target.normalize());
                }
                Files.createDirectories(t.getParent());
                Files.createSymbolicLink(t, target);
            } else if (Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)) {
                Files.createDirectories(t);
            } else {
                Files.copy(f, t, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
            }
        }
    }
}
