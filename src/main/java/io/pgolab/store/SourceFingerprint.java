package io.pgolab.store;

import io.pgolab.process.Exec;
import io.pgolab.toolchain.CompileRecord;
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
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Content hash of the project's sources. Before the first audited build: every file under the root
 * except .pgolab, .git, the config file itself and the user's exclude globs (a change to any byte
 * rebuilds). Once builds have been audited (BuildAudit): only what the build reads — the files the
 * compiles read (sources and headers), the build-system files (Makefiles, CMake, configure, scripts),
 * and the names of the other source files (a new .c file is seen, a results file is not).
 */
public final class SourceFingerprint {
    /** Build-system files by name: always fingerprinted (they decide what is compiled). */
    static final Set<String> BUILD_FILES = Set.of("Makefile", "makefile", "GNUmakefile", "CMakeLists.txt", "configure",
            "configure.ac", "configure.in", "meson.build", "meson_options.txt", "meson.options", "build.ninja",
            "SConstruct", "SConscript", "Kbuild", "Kconfig", "BUILD", "BUILD.bazel", "WORKSPACE", "Cargo.toml",
            "Cargo.lock", "build.rs", "go.mod", "go.sum", "premake5.lua", "xmake.lua", "Jamfile", "Makefile.am",
            "Makefile.in");
    /** ... and by extension. */
    static final List<String> BUILD_EXT = List.of(".mk", ".mak", ".make", ".cmake", ".in", ".am", ".ninja", ".sh",
            ".gn", ".gni", ".bzl", ".pro", ".pri");

    private static final long CONFIG_MAX_BYTES = 64 * 1024;
    private static final List<Pattern> CONFIG_TABLES = Stream.of("project", "toolchain", "build")
            .map(t -> Pattern.compile("(?m)^[ \\t]*\\[[ \\t]*" + t + "[ \\t]*\\][ \\t]*(#.*)?$")).toList();

    /** hash: the fingerprint; files: what it covered (relative path → SHA-256, or "" for a source known by name only). */
    public record Snapshot(String hash, Map<String, String> files, boolean fromReads) {
    }

    private SourceFingerprint() {
    }

    /** The read-set fingerprint (see the class comment); reads: project files the audited builds read. */
    public static Snapshot ofReads(Path root, Path configFile, List<String> excludeGlobs, Set<String> reads) {
        List<PathMatcher> ex = matchers(excludeGlobs);
        Map<String, String> files = new TreeMap<>();
        for (Path f : list(root, configFile, ex)) {
            String rel = root.relativize(f).toString();
            if (reads.contains(rel) || isBuildFile(f)) {
                files.put(rel, Hashing.ofPath(f));
            } else if (CompileRecord.isSource(f)) {
                files.put(rel, "");
            }
        }
        for (String rel : reads) {
            Path f = root.resolve(rel);
            // read but not listed (ignored by git, say): still an input, unless excluded
            if (!files.containsKey(rel) && Files.isRegularFile(f) && !excluded(Path.of(rel), ex) && !f.equals(configFile)) {
                files.put(rel, Hashing.ofPath(f));
            }
        }
        MessageDigest md = Hashing.sha256();
        md.update("pgolab-reads-v1\n".getBytes(StandardCharsets.UTF_8));
        files.forEach((k, v) -> md.update((k + "\0" + v + "\n").getBytes(StandardCharsets.UTF_8)));
        return new Snapshot(HexFormat.of().formatHex(md.digest()), files, true);
    }

    /**
     * A pgolab config file: a .toml file of at most 64 KiB with pgolab's three required tables,
     * [project], [toolchain] and [build] (no Cargo.toml, .cargo/config.toml, rust-toolchain.toml or
     * pyproject.toml has all three).
     */
    static boolean isPgolabConfig(Path f) {
        if (!f.getFileName().toString().endsWith(".toml") || Hashing.sizeOf(f) > CONFIG_MAX_BYTES) {
            return false;
        }
        String text;
        try {
            text = Files.readString(f, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            return false;   // not UTF-8: not a config pgolab could read
        }
        return CONFIG_TABLES.stream().allMatch(t -> t.matcher(text).find());
    }

    static boolean isBuildFile(Path f) {
        String n = f.getFileName().toString();
        return BUILD_FILES.contains(n) || BUILD_EXT.stream().anyMatch(n::endsWith);
    }

    /**
     * What differs between two snapshots' files, for messages: "changed: a.h, Makefile; new: b.c;
     * removed: c.c" (at most a few names per kind); "" when nothing (or nothing known) differs.
     */
    public static String changes(Map<String, String> before, Map<String, String> now) {
        if (before == null || before.isEmpty() || now.isEmpty()) {
            return "";
        }
        List<String> changed = new ArrayList<>();
        List<String> added = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        for (var e : now.entrySet()) {
            String old = before.get(e.getKey());
            if (old == null) {
                added.add(e.getKey());
            } else if (!old.equals(e.getValue())) {
                changed.add(e.getKey());
            }
        }
        for (String k : before.keySet()) {
            if (!now.containsKey(k)) {
                removed.add(k);
            }
        }
        List<String> parts = new ArrayList<>();
        if (!changed.isEmpty()) {
            parts.add("changed: " + few(changed));
        }
        if (!added.isEmpty()) {
            parts.add("new: " + few(added));
        }
        if (!removed.isEmpty()) {
            parts.add("removed: " + few(removed));
        }
        return String.join("; ", parts);
    }

    private static String few(List<String> names) {
        return names.size() <= 8 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 8)) + " and " + (names.size() - 8) + " more";
    }

    /** Every listed file but pgolab's config files, by its path relative to root, with its SHA-256. */
    public static Map<String, String> files(Path root, Path configFile, List<String> excludeGlobs) {
        Map<String, String> out = new java.util.TreeMap<>();
        for (Path f : list(root, configFile, matchers(excludeGlobs))) {
            if (!isPgolabConfig(f)) {
                out.put(root.relativize(f).toString(), Hashing.ofPath(f));
            }
        }
        return out;
    }

    /** The whole-tree fingerprint: every listed file but pgolab's config files (this one and any other). */
    public static String of(Path root, Path configFile, List<String> excludeGlobs) {
        List<Path> files = list(root, configFile, matchers(excludeGlobs));
        MessageDigest md = Hashing.sha256();
        for (Path f : files) {
            if (isPgolabConfig(f)) {
                continue;   // another config of the project (--config): its content keys nothing it builds
            }
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
                public FileVisitResult visitFile(Path path, BasicFileAttributes attrs) {
                    // A symlink to a file counts as that file (as git's listing above does): a copied tree
                    // without jq's README -> README.md fails with "No rule to make target 'README'".
                    boolean file = attrs.isRegularFile() || attrs.isSymbolicLink() && Files.isRegularFile(path);
                    if (file && !path.equals(configFile) && !excluded(path)) {
                        out.add(path);
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
        Exec.Result r = Exec.capture(null, root, Map.of(),
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
