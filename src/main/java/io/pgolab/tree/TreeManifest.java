package io.pgolab.tree;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The manifest of a published tree: one line per entry ({@link TreeEntry}), in {@link TreeWalk} order, written to a
 * file as the tree is walked and compared with the tree the same way, one entry at a time, so neither takes memory
 * in proportion to the tree. Comparing finds every difference: an entry added, one gone, a type, mode, size, content
 * or link target changed; it names the first.
 */
public final class TreeManifest {
    /** The first line: what the file is, and its format's version. */
    static final String HEADER = "pgolab tree manifest 1";

    private TreeManifest() {
    }

    /** What a tree held when its manifest was written: how many entries, and the bytes of its files. */
    public record Written(long entries, long fileBytes) {
    }

    /**
     * Walks root, hashing every file, and writes its manifest to out. Returns the counts. A special file (FIFO,
     * socket, device) is an error naming it; the caller refuses such trees before (with its own words).
     */
    public static Written write(Path root, Path out, TreeWalk.Stop stop) throws IOException {
        long[] n = new long[2];
        try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            w.write('\n');
            new TreeWalk(true, stop).walk(root, (e, p) -> {
                if (e.type().special()) {
                    throw new IOException(e.path() + " is " + e.type().said());
                }
                write(w, e);
                n[0]++;
                n[1] += e.size();
            });
        }
        return new Written(n[0], n[1]);
    }

    private static void write(Writer w, TreeEntry e) throws IOException {
        w.write(e.line());
        w.write('\n');
    }

    /** The special files under root (FIFOs, sockets, devices), at most max of them, by path; nothing is opened. */
    public static List<TreeEntry> specials(Path root, int max) throws IOException {
        List<TreeEntry> out = new ArrayList<>();
        try {
            new TreeWalk(false, () -> false).walk(root, (e, p) -> {
                if (e.type().special()) {
                    out.add(e);
                    if (out.size() >= max) {
                        throw new Enough();
                    }
                }
            });
        } catch (Enough enough) {
            // max found
        }
        return out;
    }

    private static final class Enough extends RuntimeException {
        Enough() {
            super("enough", null, false, false);
        }
    }

    /**
     * How the tree at root differs from its manifest, if it does: "PATH was added since it was built (a file of 12
     * bytes, mode 0644)", "PATH is missing (it was ...)", "PATH changed since it was built (mode 0644, was 0755)".
     * Paths are shown after shownRoot ("" for the tree itself).
     */
    public static Optional<String> change(Path root, Path manifest, String shownRoot) {
        try (BufferedReader r = Files.newBufferedReader(manifest, StandardCharsets.UTF_8)) {
            if (!HEADER.equals(r.readLine())) {
                return Optional.of(shownRoot + ": its manifest " + manifest.getFileName() + " is not one pgolab wrote");
            }
            Compare c = new Compare(r, shownRoot);
            try {
                new TreeWalk(true, () -> false).walk(root, c::visit);
                String left = r.readLine();
                if (left != null) {
                    return Optional.of(missing(TreeEntry.parse(left), shownRoot));
                }
            } catch (Difference d) {
                return Optional.of(d.getMessage());
            }
            return Optional.empty();
        } catch (NoSuchFileException e) {
            return Optional.of(shownRoot + " or its manifest is missing (" + e.getMessage() + ")");
        } catch (IOException e) {
            return Optional.of(shownRoot + " or its manifest cannot be read (" + e + ")");
        } catch (IllegalArgumentException e) {
            return Optional.of(shownRoot + ": its manifest is damaged (" + e.getMessage() + ")");
        }
    }

    /** The manifest against the walk: each entry of the walk must be the manifest's next line. */
    private static final class Compare {
        private final BufferedReader r;
        private final String shownRoot;

        Compare(BufferedReader r, String shownRoot) {
            this.r = r;
            this.shownRoot = shownRoot;
        }

        void visit(TreeEntry now, Path p) throws IOException {
            String line = r.readLine();
            if (line == null) {
                throw new Difference(added(now));
            }
            TreeEntry was = TreeEntry.parse(line);
            int order = TreeEntry.compare(was.path(), now.path());
            if (order < 0) {
                throw new Difference(missing(was, shownRoot));
            }
            if (order > 0) {
                throw new Difference(added(now));
            }
            String how = now.changeFrom(was);
            if (how != null) {
                throw new Difference(shown(shownRoot, now.path()) + " changed since it was built (" + how + ")");
            }
        }

        private String added(TreeEntry now) {
            return shown(shownRoot, now.path()) + " was added to the published tree since it was built (" + now.said() + ")";
        }
    }

    private static String missing(TreeEntry was, String shownRoot) {
        return shown(shownRoot, was.path()) + " is missing from the published tree (it was " + was.said()
                + " when built)";
    }

    private static String shown(String root, String path) {
        return path.isEmpty() ? root : root.isEmpty() ? path : root + "/" + path;
    }

    private static final class Difference extends RuntimeException {
        Difference(String message) {
            super(message, null, false, false);
        }
    }
}
