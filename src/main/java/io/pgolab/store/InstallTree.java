package io.pgolab.store;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.tree.TreeEntry;
import io.pgolab.tree.TreeManifest;
import io.pgolab.tree.TreeWalk;
import io.pgolab.util.Dirs;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A variant that is an install tree ({installdir} in build.artifact): the build installs into it (e.g. 'make install
 * DESTDIR={installdir}'), and the whole tree is published and checked on reuse like a single program, by its
 * manifest ({@link TreeManifest}: every path as bytes, type, mode, size, link target and content hash). The program
 * runs inside its published tree, where it finds its modules, libraries and data by paths relative to itself
 * (CPython's lib/python3.X and lib-dynload, found from the interpreter's own path).
 */
public final class InstallTree {
    /** How many special files an error names at most. */
    private static final int SHOWN = 5;

    private InstallTree() {
    }

    /** The artifact's path, normalized; an install tree's program must be inside the tree. */
    public static Path check(Path binary, Path installDir, boolean installTree, Path configFile) {
        Path p = binary.toAbsolutePath().normalize();
        if (installTree && (!p.startsWith(installDir) || p.equals(installDir))) {
            throw new UserError("build.artifact names " + p + ", which is not a file inside the install tree "
                    + installDir, "make build.artifact '{installdir}/' plus the program's path in the tree, e.g."
                    + " \"{installdir}/usr/local/bin/myprogram\", in " + configFile);
        }
        return p;
    }

    /**
     * Refuses a tree pgolab cannot publish as it is, after the build and before anything reads it: {installdir}
     * replaced by a symbolic link, a FIFO, socket or device in it (never opened), a program that is a link out of
     * the tree. Nothing is opened for reading.
     */
    public static void inspect(Path installDir, Path binary, String name, Path configFile) {
        try {
            if (Files.isSymbolicLink(installDir)) {
                throw new UserError("{installdir} of '" + name + "' (" + installDir + ") is a symbolic link to "
                        + Files.readSymbolicLink(installDir) + ", not the directory pgolab made: the variant is what"
                        + " the build installs into that directory", "install into {installdir} itself (e.g. 'make"
                        + " install DESTDIR={installdir}'), not into a link to another directory, in build.command in "
                        + configFile);
            }
            if (!Files.isDirectory(installDir, LinkOption.NOFOLLOW_LINKS)) {
                return;   // no program in it: the caller says the build did not produce it
            }
            List<TreeEntry> specials = TreeManifest.specials(installDir, SHOWN);
            if (!specials.isEmpty()) {
                TreeEntry first = specials.get(0);
                throw new UserError("the install tree of '" + name + "' holds " + String.join(", ", specials.stream()
                        .map(e -> e.path() + " (" + e.type().said() + ")").toList())
                        + (specials.size() == SHOWN ? " and maybe more" : "") + " in " + installDir + ": pgolab publishes"
                        + " directories, regular files and symbolic links only, and never opens a FIFO, socket or device",
                        "remove " + (specials.size() == 1 ? "it" : "them") + " after installing, in build.command in "
                        + configFile + " (e.g. '... && rm -f {installdir}/" + first.path() + "'), or keep the install"
                        + " from making " + (specials.size() == 1 ? "it" : "them"));
            }
            if (Files.exists(binary)) {
                Path real = binary.toRealPath();
                if (!real.startsWith(installDir.toRealPath())) {
                    throw new UserError("the program of '" + name + "', " + installDir.relativize(binary)
                            + " in the install tree, is a symbolic link to " + real + ", outside the tree: the"
                            + " variant would run a program it did not build", "install the program itself into"
                            + " {installdir}, or name the program the link points to in build.artifact in " + configFile);
                }
            }
        } catch (IOException e) {
            throw new UserError("cannot read the install tree of '" + name + "' (" + installDir + "): " + e,
                    "check the permissions of the files build.command installed");
        }
    }

    /**
     * Moves the tree the build installed into staging: one rename, so holes, hard links and names stay as they are
     * (a copy with 'cp -a --sparse=always' when they are on two file systems). A link to an absolute path inside the
     * tree (as some install rules write) is made relative, so that the published tree does not point back into the
     * build directory; other links stay as they are.
     */
    public static void moveInto(Path installDir, Path staging, Duration timeout) throws IOException {
        Dirs.deleteTree(staging);
        try {
            Files.move(installDir, staging, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Exec.Result r = Exec.run(null, Exec.Request.of(List.of("cp", "-a", "--sparse=always", "-T",
                    installDir.toString(), staging.toString())).timeout(timeout, "raise build.timeout"));
            if (!r.ok()) {
                throw new IOException("copying " + installDir + " to " + staging + " failed: " + r.output().strip());
            }
        }
        new TreeWalk(false, () -> false).walk(staging, (e, p) -> {
            if (e.type() == TreeEntry.Type.LINK) {
                Path target = Files.readSymbolicLink(p);
                if (target.isAbsolute() && target.normalize().startsWith(installDir)) {
                    Path was = installDir.resolve(staging.relativize(p));
                    Files.delete(p);
                    Files.createSymbolicLink(p, was.getParent().relativize(target.normalize()));
                }
            }
        });
    }

    /** How a published tree differs from its manifest (first the manifest's own size and SHA-256), if it does. */
    static Optional<String> change(ArtifactStore store, BuiltArtifact a) {
        Path from = store.root().getParent();
        Path manifest = store.treeManifest(a.key());
        Optional<String> m = Digests.change(manifest, a.tree(), "built", from);
        if (m.isPresent()) {
            return Optional.of("the manifest of the published tree: " + m.get());
        }
        Path tree = store.published(a);
        return TreeManifest.change(tree, manifest, Digests.shown(tree, from));
    }
}
