package io.pgolab.util;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/** SHA-256 of files, directory trees and strings: the content keys of the artifact store. */
public final class Hashing {
    private Hashing() {
    }

    public static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String of(String text) {
        return HexFormat.of().formatHex(sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    public static void update(MessageDigest md, Path file) {
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(buf)) > 0) {
                md.update(buf, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Hash of a file, or of a directory tree (relative names and contents, in sorted order). */
    public static String ofPath(Path path) {
        MessageDigest md = sha256();
        if (Files.isDirectory(path)) {
            for (Path f : filesUnder(path)) {
                md.update(path.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                update(md, f);
            }
        } else {
            update(md, path);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    public static List<Path> filesUnder(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static long sizeOf(Path path) {
        try {
            if (Files.isDirectory(path)) {
                long total = 0;
                for (Path f : filesUnder(path)) {
                    total += Files.size(f);
                }
                return total;
            }
            return Files.size(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
