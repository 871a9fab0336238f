package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.BuildSpec;
import io.pgolab.config.Config;
import io.pgolab.config.Durations;
import io.pgolab.config.Template;
import io.pgolab.process.RunningCommand;
import io.pgolab.process.Scratch;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.InstallTree;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.tree.TreeManifest;
import io.pgolab.tree.TreeWalk;
import io.pgolab.util.DiskFull;
import io.pgolab.util.Hashing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The publish step of a build: the program (with its sibling programs and named artifacts, or its whole install tree) and the
 * instrumented build's notes moved or copied into bin/KEY12/ by one rename, so an interrupted pgolab leaves
 * temporary files, never a half artifact.
 */
final class BuildPublish {
    private final Config config;
    private final Toolchain toolchain;
    private final ArtifactStore store;

    BuildPublish(Config config, Toolchain toolchain, ArtifactStore store) {
        this.config = config;
        this.toolchain = toolchain;
        this.store = store;
    }

    /** Other programs of the same build (cargo bins after the first), published beside the artifact. */
    static List<Path> siblings(Config config, Path binary, String name) {
        List<Path> out = new ArrayList<>();
        for (String s : config.build().siblingArtifacts()) {
            Path p = binary.resolveSibling(s);
            if (!Files.isRegularFile(p)) {
                throw new UserError("the build of '" + name + "' succeeded but did not produce " + p,
                        "check build.bins in " + config.file());
            }
            out.add(p);
        }
        return out;
    }

    /**
     * The named artifacts of the build ([build] artifacts) by name, each path rendered like build.artifact; a missing
     * one is a build error that names it: the variant is its program and every named artifact, or nothing.
     */
    static Map<String, Path> named(Config config, Map<String, String> values, Path srcDir, String name) {
        Map<String, Path> out = new LinkedHashMap<>();
        config.build().artifacts().forEach((n, template) -> {
            Path p = Path.of(Template.render(template, values));
            p = p.isAbsolute() ? p : srcDir.resolve(p);
            if (!Files.isRegularFile(p)) {
                throw new UserError("the build of '" + name + "' succeeded but did not produce its artifact '" + n
                        + "' (" + p + ")", "check build.artifacts." + n + " = \"" + template + "\" in " + config.file()
                        + ": build.command must write it too (placeholders {builddir}, {srcdir}, {root} as in"
                        + " build.artifact)");
            }
            out.put(n, p);
        });
        return out;
    }

    /**
     * The files the variant is: its program, sibling programs and named artifacts (as the build wrote them), or every
     * file of its install tree.
     */
    static List<Path> variantFiles(Config config, Path binary, Path installDir, String name, Map<String, String> values,
                                   Path srcDir) {
        if (config.build().installTree()) {
            return Hashing.filesUnder(installDir);
        }
        List<Path> files = new ArrayList<>(List.of(binary));
        files.addAll(siblings(config, binary, name));
        files.addAll(named(config, values, srcDir, name).values());
        return files;
    }

    Path publish(String key, Path binary, List<Path> siblings, Map<String, Path> named, Path buildDir, Phase phase) {
        Path target = store.binDir(key);
        Path staging = Scratch.track(target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid()));
        try {
            ArtifactStore.freshDir(staging);
            Files.copy(binary, staging.resolve(binary.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            for (Path s : siblings) {
                Files.copy(s, staging.resolve(s.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
            copyNamed(named, staging);
            copyNotes(phase, buildDir, staging);
        } catch (IOException e) {
            Scratch.discard(staging);
            throw DiskFull.wrap(staging, DiskFull.sizeOf(binary), e);
        }
        ArtifactStore.publishDir(staging, target);
        Scratch.untrack(staging);
        return target;
    }

    /**
     * Publishes an install tree as bin/KEY12/ with its manifest bin/KEY12.tree: the tree moved (not copied) out of the
     * build directory, its manifest written while it is still a staging directory, both put in place by rename. A
     * SIGTERM or Ctrl-C meanwhile stops it between files and says so; what was staged is removed, nothing published.
     */
    Path publishTree(String key, String name, Path buildDir, Phase phase, Path installDir) {
        Path target = store.binDir(key);
        Path manifest = store.treeManifest(key);
        String tmp = ".tmp-" + ProcessHandle.current().pid();
        Path staging = Scratch.track(target.resolveSibling(target.getFileName() + tmp));
        Path manifestTmp = Scratch.track(manifest.resolveSibling(manifest.getFileName() + tmp));
        long deadline = System.nanoTime() + config.build().timeout().toNanos();   // publishing is part of the build
        TreeWalk.Stop stop = () -> RunningCommand.stopping() || System.nanoTime() - deadline > 0;
        try {
            Files.createDirectories(target.getParent());
            InstallTree.moveInto(installDir, staging, config.build().timeout());
            copyNotes(phase, buildDir, staging);
            TreeManifest.write(staging, manifestTmp, stop);
            if (stop.now()) {
                throw new TreeWalk.Stopped();
            }
            ArtifactStore.publishDir(staging, target);
            Files.move(manifestTmp, manifest, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (TreeWalk.Stopped e) {
            Scratch.discard(staging);
            Scratch.discard(manifestTmp);
            if (!RunningCommand.stopping()) {
                throw new UserError("publishing the tree of '" + name + "' took longer than build.timeout ("
                        + Durations.format(config.build().timeout()) + "): nothing published",
                        "raise build.timeout in " + config.file() + ", or install fewer files into {installdir}");
            }
            throw new UserError("interrupted while publishing the tree of '" + name + "': nothing published");
        } catch (IOException e) {
            Scratch.discard(staging);
            Scratch.discard(manifestTmp);
            throw DiskFull.wrap(staging, DiskFull.sizeOf(staging), e);
        }
        Scratch.untrack(staging);
        Scratch.untrack(manifestTmp);
        return target;
    }

    /** Each named artifact as artifacts/NAME in dir (its digest is then among the variant's sealed files). */
    static void copyNamed(Map<String, Path> named, Path dir) throws IOException {
        for (Map.Entry<String, Path> e : named.entrySet()) {
            Path t = dir.resolve(BuildSpec.ARTIFACT_DIR).resolve(e.getKey());
            Files.createDirectories(t.getParent());
            Files.copy(e.getValue(), t, StandardCopyOption.COPY_ATTRIBUTES, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * The named artifacts published beside program (in its artifacts/) copied beside another program in toDir, for a
     * variant made from that one (BOLT rewrites the program only; the named artifacts stay as the build made them).
     */
    static void copyNamedBeside(Config config, Path program, Path toDir) throws IOException {
        Map<String, Path> named = new LinkedHashMap<>();
        config.build().artifacts().keySet().forEach(n -> named.put(n,
                program.resolveSibling(BuildSpec.ARTIFACT_DIR).resolve(n)));
        copyNamed(named, toDir);
    }

    /** The instrumented build's notes (gcc's .gcno files) under staging/notes/. */
    private void copyNotes(Phase phase, Path buildDir, Path staging) throws IOException {
        if (phase != Phase.INSTRUMENT) {
            return;
        }
        for (String glob : toolchain.instrumentedBuildNotes()) {
            PathMatcher m = FileSystems.getDefault().getPathMatcher(glob);
            for (Path f : Hashing.filesUnder(buildDir)) {
                if (m.matches(f)) {
                    Path t = staging.resolve("notes").resolve(buildDir.relativize(f).toString());
                    Files.createDirectories(t.getParent());
                    Files.copy(f, t);
                }
            }
        }
    }

    static long sizeOf(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
