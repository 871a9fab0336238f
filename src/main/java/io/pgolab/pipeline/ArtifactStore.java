package io.pgolab.pipeline;

import io.pgolab.util.Dirs;
import io.pgolab.util.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The .pgolab/ directory of a project. Binaries live under bin/KEY12/ (content-keyed, equal path
 * lengths for every variant); manifests under variants/; profiles under profiles/. Everything is
 * published by rename, so an interrupted pgolab leaves temp files, never a half artifact marked good.
 */
public final class ArtifactStore {
    private final Path root;

    public ArtifactStore(Path projectDir) {
        this.root = projectDir.resolve(".pgolab");
    }

    public Path root() {
        return root;
    }

    public Path lockFile() {
        return root.resolve("lock");
    }

    public Path buildDir(String name) {
        return root.resolve("build").resolve(name);
    }

    public Path scratch() {
        return root.resolve("scratch");
    }

    public Path logs() {
        return root.resolve("logs");
    }

    public Path profiles() {
        return root.resolve("profiles");
    }

    public Path runs() {
        return root.resolve("runs");
    }

    public Path binDir(String key) {
        return root.resolve("bin").resolve(key.substring(0, 12));
    }

    public Path manifest(String artifactName) {
        return root.resolve("variants").resolve(artifactName + ".json");
    }

    /** The recorded artifact, if its manifest exists, matches key (when given), and its binary is still there. */
    public Optional<BuiltArtifact> lookup(String artifactName, Optional<String> key) {
        Path m = manifest(artifactName);
        if (!Files.isRegularFile(m)) {
            return Optional.empty();
        }
        try {
            BuiltArtifact a = Json.read(m, BuiltArtifact.class);
            if (a.key() == null || a.binary() == null) {
                return Optional.empty(); // written by another pgolab version: rebuild
            }
            if (key.isPresent() && !key.get().equals(a.key())) {
                return Optional.empty();
            }
            return Files.isRegularFile(Path.of(a.binary())) ? Optional.of(a) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Forgets an artifact before rebuilding it, so a failed or interrupted build cannot look good. */
    public void invalidate(String artifactName) {
        try {
            Files.deleteIfExists(manifest(artifactName));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void record(String artifactName, BuiltArtifact a) {
        Json.write(manifest(artifactName), a);
    }

    /** Moves a fully written staging directory to its final place in one rename. */
    public static void publishDir(Path staging, Path target) {
        try {
            if (Files.exists(target)) {
                deleteTree(target);
            }
            Files.createDirectories(target.getParent());
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void deleteTree(Path p) {
        Dirs.deleteTree(p);
    }

    public static void freshDir(Path p) {
        Dirs.fresh(p);
    }
}
