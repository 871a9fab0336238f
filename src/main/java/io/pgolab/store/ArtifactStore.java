package io.pgolab.store;

import io.pgolab.UserError;
import io.pgolab.util.Dirs;
import io.pgolab.util.Hashing;
import io.pgolab.util.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The .pgolab/ directory of a project. Binaries live under bin/KEY12/ (content-keyed, equal path
 * lengths for every variant); manifests under variants/; profiles under profiles/. Everything is
 * published by rename, so an interrupted pgolab leaves temp files, never a half artifact marked good.
 * <p>
 * Each config file of the project keeps its own records (manifests, audit records, which profile is
 * current, logs, bench runs): pgolab.toml directly in .pgolab/, another config file NAME in
 * .pgolab/configs/NAME/. What is named by content or is only a place to work is shared: bin/, the
 * merged profiles and raw training runs in profiles/, build/, scratch/ and the project lock.
 */
public final class ArtifactStore {
    /** The config file whose records are .pgolab/ itself. */
    public static final String DEFAULT_CONFIG = "pgolab.toml";
    private final Path root;
    private final String configName;
    private final Path records;

    /** The store of the project's pgolab.toml. */
    public ArtifactStore(Path projectDir) {
        this(projectDir, DEFAULT_CONFIG);
    }

    /** The store of config file configName (a file name) in projectDir. */
    public ArtifactStore(Path projectDir, String configName) {
        this.root = projectDir.resolve(".pgolab");
        this.configName = configName;
        this.records = configName.equals(DEFAULT_CONFIG) ? root : root.resolve("configs").resolve(configName);
    }

    /** The store of a config file: its directory's .pgolab/, its own records named after the file. */
    public static ArtifactStore forConfig(Path configFile) {
        return new ArtifactStore(configFile.getParent(), configFile.getFileName().toString());
    }

    public Path root() {
        return root;
    }

    /** The file name of the config whose records this store keeps. */
    public String configName() {
        return configName;
    }

    /** This config's own records: .pgolab/ for pgolab.toml, .pgolab/configs/NAME/ for another config file. */
    public Path records() {
        return records;
    }

    /** The stores of the project's other config files that have records here. */
    public List<ArtifactStore> others() {
        Path projectDir = root.getParent();
        List<ArtifactStore> out = new ArrayList<>();
        if (!configName.equals(DEFAULT_CONFIG)) {
            out.add(new ArtifactStore(projectDir));
        }
        Path configs = root.resolve("configs");
        if (Files.isDirectory(configs)) {
            try (Stream<Path> s = Files.list(configs)) {
                s.filter(Files::isDirectory).map(d -> d.getFileName().toString()).sorted()
                        .filter(n -> !n.equals(configName)).forEach(n -> out.add(new ArtifactStore(projectDir, n)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    public Path lockFile() {
        return root.resolve("lock");
    }

    public Path buildDir(String name) {
        return root.resolve("build").resolve(name);
    }

    /**
     * The project files (relative to the project root) that the compiles of this very build read, as its audit recorded
     * them; empty when no audit of this build is kept (another build's record, a toolchain whose compiles are not
     * audited, a build that read nothing).
     */
    public Optional<Set<String>> compileInputs(BuiltArtifact a) {
        return AuditRecord.read(this, a.variant()).filter(s -> a.key().equals(s.key()) && s.reads() != null
                && !s.reads().isEmpty()).map(s -> Set.copyOf(s.reads()));
    }

    public Path scratch() {
        return root.resolve("scratch");
    }

    public Path logs() {
        return records.resolve("logs");
    }

    /** Shared: merged profiles (named by content) and raw training runs (named by workload and key). */
    public Path profiles() {
        return root.resolve("profiles");
    }

    /** This config's profile records: current.json, current@TAG.json, against-bench/. */
    public Path profileRecords() {
        return records.resolve("profiles");
    }

    public Path runs() {
        return records.resolve("runs");
    }

    public Path binDir(String key) {
        return root.resolve("bin").resolve(key.substring(0, 12));
    }

    /** The manifest of the install tree published in binDir(key): bin/KEY12.tree, beside the tree. */
    public Path treeManifest(String key) {
        return root.resolve("bin").resolve(key.substring(0, 12) + ".tree");
    }

    /**
     * The directory an artifact was published in, which its recorded files are relative to: its bin directory, of
     * which an install tree's program is a descendant; else (a BOLT output, a JVM build) the program's directory.
     */
    public Path published(BuiltArtifact a) {
        Path binary = Path.of(a.binary());
        Path dir = a.key() == null || a.key().length() < 12 ? binary.getParent() : binDir(a.key());
        return binary.getParent().startsWith(dir) ? dir : binary.getParent();
    }

    public Path manifest(String artifactName) {
        return records.resolve("variants").resolve(artifactName + ".json");
    }

    /** What a lookup found: the artifact if it is intact; if its files changed since it was built, what changed. */
    public record Found(Optional<BuiltArtifact> artifact, Optional<String> damage) {
        static final Found NONE = new Found(Optional.empty(), Optional.empty());
    }

    /**
     * The recorded artifact, if its manifest exists and matches key (when given), and its files are
     * those it was built with: present, the binary executable, each file's size and SHA-256 as
     * recorded (hashed again on every call). A manifest written before digests existed is checked by
     * the binary's size, then its digests are recorded.
     */
    public Found find(String artifactName, Optional<String> key) {
        Path m = manifest(artifactName);
        if (!Files.isRegularFile(m)) {
            return Found.NONE;
        }
        BuiltArtifact a;
        try {
            a = Json.read(m, BuiltArtifact.class);
        } catch (IOException e) {
            // said, not silently rebuilt: a record pgolab wrote atomically does not go bad by itself
            return new Found(Optional.empty(), Optional.of("the build record " + Digests.shown(m, root.getParent())
                    + " cannot be read (" + firstLine(e) + ")"));
        }
        if (a.key() == null || a.binary() == null || key.isPresent() && !key.get().equals(a.key())) {
            return Found.NONE; // written by another pgolab version, or of other inputs: rebuild
        }
        Optional<String> damage = damage(a);
        if (damage.isPresent()) {
            return new Found(Optional.empty(), damage);
        }
        if (a.files() == null && a.tree() == null) {
            a = a.withFiles(Digests.of(published(a)));
            record(artifactName, a);
        }
        return new Found(Optional.of(a), Optional.empty());
    }

    private static String firstLine(IOException e) {
        String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String line = msg.lines().findFirst().orElse(msg);
        return line.length() > 160 ? line.substring(0, 160) + "..." : line;
    }

    /** find(), without saying what was damaged. */
    public Optional<BuiltArtifact> lookup(String artifactName, Optional<String> key) {
        return find(artifactName, key).artifact();
    }

    /** The artifact recorded under this name if there is one; a damaged one is an error naming the file. */
    public Optional<BuiltArtifact> verified(String artifactName) {
        Found f = find(artifactName, Optional.empty());
        f.damage().ifPresent(d -> {
            throw damaged(d, artifactName);
        });
        return f.artifact();
    }

    /** Checks, before measuring it, that an artifact's files are those it was built with. */
    public void verify(BuiltArtifact a) {
        damage(a).ifPresent(d -> {
            throw damaged(d, a.variant());
        });
    }

    private static UserError damaged(String damage, String name) {
        return new UserError(damage, "pgolab measures only the binaries it built: run 'pgolab build "
                + name.replaceFirst("\\.base$", "") + "' to rebuild it");
    }

    /** What is wrong with an artifact's files, or empty if they are as recorded. */
    Optional<String> damage(BuiltArtifact a) {
        Path binary = Path.of(a.binary());
        Path from = root.getParent();
        if (a.tree() != null) {
            Optional<String> c = InstallTree.change(this, a);
            if (c.isPresent()) {
                return c;
            }
        } else if (a.files() != null) {
            Optional<String> c = Digests.change(published(a), a.files(), "built", from);
            if (c.isPresent()) {
                return c;
            }
        } else {
            FileDigest was = new FileDigest(a.binaryBytes(), null);
            Optional<String> c = Digests.change(binary, was, "built", from);
            if (c.isPresent()) {
                return c;
            }
        }
        if (!Files.isRegularFile(binary) || Hashing.sizeOf(binary) == 0) {
            return Optional.of(Digests.changed(Digests.shown(binary, from), "built", "0 bytes: not a program"));
        }
        if (!Files.isExecutable(binary)) {
            return Optional.of(Digests.shown(binary, from) + " is no longer executable");
        }
        return Optional.empty();
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
