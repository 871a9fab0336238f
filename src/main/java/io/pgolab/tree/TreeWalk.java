package io.pgolab.tree;

import io.pgolab.util.Hashing;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Walks a tree in manifest order, one entry at a time (memory: one directory's listing per level), without following
 * a symbolic link and without opening anything but regular files: a FIFO, socket or device is an entry of its type,
 * never read (opening a FIFO waits for a writer forever). Files are opened with O_NOFOLLOW.
 */
public final class TreeWalk {
    /** Receives each entry; may stop the walk by throwing. */
    public interface Visitor {
        void visit(TreeEntry e, Path p) throws IOException;
    }

    /** Asked between files and while hashing: true stops the walk with {@link Stopped}. */
    public interface Stop {
        boolean now();
    }

    /** The walk was stopped (pgolab is being interrupted). */
    public static final class Stopped extends RuntimeException {
        public Stopped() {
            super("stopped", null, false, false);
        }
    }

    private final boolean hash;
    private final Stop stop;
    private final byte[] buf = new byte[1 << 17];

    /** hash: read every regular file for its SHA-256 (else data is "" for files). */
    public TreeWalk(boolean hash, Stop stop) {
        this.hash = hash;
        this.stop = stop;
    }

    /** Visits root (path "") and everything under it. */
    public void walk(Path root, Visitor v) throws IOException {
        visit(root, "", v);
    }

    private void visit(Path p, String path, Visitor v) throws IOException {
        if (stop.now()) {
            throw new Stopped();
        }
        Map<String, Object> a = Files.readAttributes(p, "unix:mode,size", LinkOption.NOFOLLOW_LINKS);
        int mode = (Integer) a.get("mode");
        TreeEntry.Type type = TreeEntry.Type.ofMode(mode);
        long size = type == TreeEntry.Type.FILE ? (Long) a.get("size") : 0;
        String data = switch (type) {
            case FILE -> hash ? sha256(p) : "";
            case LINK -> RawName.escape(linkBytes(p));
            default -> "";
        };
        v.visit(new TreeEntry(path, type, type == TreeEntry.Type.LINK ? 0777 : mode & 07777, size, data), p);
        if (type != TreeEntry.Type.DIRECTORY) {
            return;
        }
        List<Object[]> children = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(p)) {
            for (Path c : s) {
                children.add(new Object[] {RawName.of(c), c});
            }
        }
        children.sort((x, y) -> ((String) x[0]).compareTo((String) y[0]));
        for (Object[] c : children) {
            visit((Path) c[1], path.isEmpty() ? (String) c[0] : path + "/" + c[0], v);
        }
    }

    /** The bytes of a link's target (a Path read from the link keeps them; its URI spells them). */
    private static byte[] linkBytes(Path link) throws IOException {
        Path t = Files.readSymbolicLink(link);
        String s = t.toString();
        if (s.indexOf('\uFFFD') < 0 && s.chars().allMatch(c -> c < 0x80 && c >= 0x20 && c != 0x7f)) {
            return s.getBytes(StandardCharsets.US_ASCII);
        }
        // a relative target's URI would be resolved against the working directory: anchor it at "/" and cut that off
        Path anchored = t.isAbsolute() ? t : Path.of("/").resolve(t);
        String raw = anchored.toUri().getRawPath();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int from = t.isAbsolute() ? 0 : 1;
        int end = raw.endsWith("/") && !s.endsWith("/") && raw.length() > 1 ? raw.length() - 1 : raw.length();
        for (int i = from; i < end; i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                out.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                out.write(c);
            }
        }
        return out.toByteArray();
    }

    private String sha256(Path file) throws IOException {
        MessageDigest md = Hashing.sha256();
        try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
            int n;
            while ((n = in.read(buf)) > 0) {
                md.update(buf, 0, n);
                if (stop.now()) {
                    throw new Stopped();
                }
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
