package io.pgolab.pipeline;

import io.pgolab.process.Exec;
import io.pgolab.util.Hashing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Content hash of the project's sources: every file under the root except .pgolab, .git, the
 * config file itself and the user's exclude globs. A change to any byte rebuilds.
 */
public final class SourceFingerprint {
    private SourceFingerprint() {
    }

    public static String of(Path root, Path configFile, List<String> excludeGlobs) {
        List<Path> files = list(root, configFile, matchers(excludeGlobs));
        MessageDigest md = Hashing.sha256();
        for (Path f : files) {
            md.update(root.relativize(f).toString().getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            Hashing.update(md, f);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /**
     * Files to fingerprint or copy, sorted. Inside a git work tree this is what git would track
     * (tracked plus untracked files not ignored by .gitignore), so build outputs and result files
     * that the project ignores do not trigger rebuilds; elsewhere it is every file.
     */
    public static List<Path> list(Path root, Path configFile, List<PathMatcher> excludes) {
        List<Path> fromGit = gitFiles(root);
        if (!fromGit.isEmpty()) {
            List<Path> out = new ArrayList<>();
            for (Path f : fromGit) {
                Path rel = root.relativize(f);
                boolean skip = f.equals(configFile) || rel.startsWith(".pgolab")
                        || excluded(rel, excludes) || !Files.isRegularFile(f);
                if (!skip) {
                    out.add(f);
                }
            }
            return out;
        }
        List<Path> out = new ArrayList<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                    if (!dir.equals(root) && (name.equals(".pgolab") || name.equals(".git") || excluded(dir))) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && !file.equals(configFile) && !excluded(file)) {
                        out.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }

                private boolean excluded(Path p) {
                    return SourceFingerprint.excluded(root.relativize(p), excludes);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        out.sort(null);
        return out;
    }

    /** Matchers for exclude globs; see excluded(). */
    public static List<PathMatcher> matchers(List<String> globs) {
        List<PathMatcher> out = new ArrayList<>();
        for (String g : globs) {
            String glob = g.endsWith("/") ? g.substring(0, g.length() - 1) : g;
            out.add(FileSystems.getDefault().getPathMatcher("glob:" + glob));
            if (!glob.contains("/")) {
                out.add(FileSystems.getDefault().getPathMatcher("glob:**/" + glob));
            }
        }
        return out;
    }

    /**
     * gitignore-like: a glob excludes a path when it matches the path or one of its parent
     * directories; a glob without '/' matches at any depth ("*.json", "build").
     */
    public static boolean excluded(Path rel, List<PathMatcher> excludes) {
        for (Path p = rel; p != null; p = p.getParent()) {
            for (PathMatcher m : excludes) {
                if (m.matches(p)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Path> gitFiles(Path root) {
        Exec.Result r = Exec.capture(null, root, java.util.Map.of(),
                List.of("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"), 60);
        if (!r.ok() || r.output().isEmpty()) {
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        for (String name : r.output().split("\0")) {
            if (!name.isEmpty()) {
                out.add(root.resolve(name));
            }
        }
        out.sort(null);
        return out.stream().distinct().toList();
    }
}
