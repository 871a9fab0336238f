package io.pgolab.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds programs the way a shell would, so every package looks them up alike. */
public final class Executables {
    /** What a login shell uses when PATH is unset. */
    static final String DEFAULT_PATH = "/usr/local/bin:/usr/bin:/bin";

    private Executables() {
    }

    /** {@code name} on this process's PATH (or the path itself when it has a slash). */
    public static Optional<Path> onPath(String name) {
        return onPath(name, System.getenv().getOrDefault("PATH", DEFAULT_PATH));
    }

    /**
     * {@code name} in the directories of {@code searchPath} (a PATH-style list; tests pass their own),
     * the first regular executable file. A name with a slash is taken as a path, like a shell does.
     */
    public static Optional<Path> onPath(String name, String searchPath) {
        if (name.contains("/")) {
            Path p = Path.of(name);
            return Files.isExecutable(p) && !Files.isDirectory(p) ? Optional.of(p.toAbsolutePath()) : Optional.empty();
        }
        if (searchPath == null) {
            return Optional.empty();
        }
        for (String dir : searchPath.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }
}
