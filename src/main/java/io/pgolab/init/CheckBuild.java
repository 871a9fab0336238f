package io.pgolab.init;

import io.pgolab.UserError;
import io.pgolab.audit.OptLevels;
import io.pgolab.config.Config;
import io.pgolab.config.Template;
import io.pgolab.config.Variant;
import io.pgolab.pipeline.BuildStage;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.AuditRecord;
import io.pgolab.store.BuildResult;
import io.pgolab.toolchain.CompileRecord;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.toolchain.elf.ElfKind;
import io.pgolab.util.Events;
import io.pgolab.workload.ShellRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One release build for the check, by the pipeline's own build stage (what 'pgolab build release' runs) into a
 * store of its own, so nothing the user built is reused or replaced: then what it made, and what it compiled with.
 */
final class CheckBuild {
    /** What the build did: failure empty when it built the artifact; files most likely artifact first. */
    record Result(double seconds, Optional<UserError> failure, Path artifact, Optional<ElfKind> artifactKind,
                  List<Candidate> files, OptLevels levels, Optional<String> builtBinary) {
        boolean built() {
            return failure.isEmpty();
        }
    }

    /** A file the build made, and how build.artifact would name it ("{srcdir}/programs/lz4"). */
    record Candidate(BuiltFiles.Built file, String placeholder) {
        String describe() {
            return placeholder.replaceFirst("^\\{[a-z]+}/", "") + " (" + file.kind().label() + ")";
        }
    }

    private CheckBuild() {
    }

    /** Builds config's release variant into store, timed from the first step to the artifact's check. */
    static Result run(Config config, Toolchain toolchain, ArtifactStore store, ShellRunner runner, Events events) {
        long t0 = System.nanoTime();
        Optional<UserError> failure = Optional.empty();
        Optional<String> binary = Optional.empty();
        try {
            BuildResult r = new BuildStage(config, toolchain, store, runner, events).run(Variant.RELEASE, Phase.PLAIN,
                    Optional.empty());
            binary = Optional.of(r.artifact().binary());   // the published copy, which the workloads run
        } catch (UserError e) {
            failure = Optional.of(e);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        Path buildDir = store.buildDir(Variant.RELEASE.dirName());
        Path srcDir = config.copySources() ? buildDir.resolve("src") : config.root();
        Path installDir = buildDir.resolve(BuildStage.INSTALL_DIR);
        Path artifact = binary.map(Path::of).orElseGet(() -> artifactPath(config, buildDir, srcDir, installDir));
        List<Candidate> files = candidates(config, buildDir, srcDir, installDir);
        OptLevels levels = OptLevels.of(CompileRecord.read(AuditRecord.logFile(store, Variant.RELEASE.name())));
        return new Result(seconds, failure, artifact, ElfKind.of(artifact), files, levels, binary);
    }

    /**
     * build.artifact with the build's directories filled in, as the build stage fills them; a placeholder only a
     * toolchain knows (cargo's {target}) stays as written, naming no file.
     */
    static Path artifactPath(Config config, Path buildDir, Path srcDir, Path installDir) {
        Path p = Path.of(Template.fill(config.build().artifact(), Map.of("builddir", buildDir.toString(),
                "srcdir", srcDir.toString(), "installdir", installDir.toString(), "root", config.root().toString(),
                "config_dir", config.configDir().toString())));
        return p.isAbsolute() ? p : srcDir.resolve(p);
    }

    /** The programs and libraries in the build's directories, most likely first, each as build.artifact names it. */
    private static List<Candidate> candidates(Config config, Path buildDir, Path srcDir, Path installDir) {
        List<BuiltFiles.Built> found = new ArrayList<>(BuiltFiles.under(buildDir));
        if (!srcDir.startsWith(buildDir)) {   // an in-tree build without copy_sources
            found.addAll(BuiltFiles.under(srcDir));
        }
        List<Candidate> out = new ArrayList<>();
        for (BuiltFiles.Built b : BuiltFiles.ranked(found, config.name())) {
            out.add(new Candidate(b, placeholder(b.path(), buildDir, srcDir, installDir)));
        }
        return out;
    }

    /** "{installdir}/bin/x", "{srcdir}/x" or "{builddir}/x": the innermost of the build's directories. */
    static String placeholder(Path file, Path buildDir, Path srcDir, Path installDir) {
        if (file.startsWith(installDir)) {
            return "{installdir}/" + installDir.relativize(file);
        }
        boolean inSrc = file.startsWith(srcDir);
        boolean inBuild = file.startsWith(buildDir);
        if (inSrc && (!inBuild || srcDir.getNameCount() > buildDir.getNameCount())) {   // the store is inside root
            return "{srcdir}/" + srcDir.relativize(file);
        }
        return "{builddir}/" + buildDir.relativize(file);
    }
}
