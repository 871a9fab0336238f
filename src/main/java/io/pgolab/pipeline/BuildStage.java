package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.audit.ProfileLoss;
import io.pgolab.audit.ProfileReach;
import io.pgolab.config.Config;
import io.pgolab.config.Template;
import io.pgolab.config.Variant;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.AuditRecord;
import io.pgolab.store.BuildKeys;
import io.pgolab.store.BuildLoad;
import io.pgolab.store.BuildResult;
import io.pgolab.store.BuildStepCost;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.store.Digests;
import io.pgolab.store.FileDigest;
import io.pgolab.store.InstallTree;
import io.pgolab.store.SharedBuilds;
import io.pgolab.store.SourceFingerprint;
import io.pgolab.store.StaleOutputs;
import io.pgolab.toolchain.CompileRecord;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.DiskFull;
import io.pgolab.util.Events;
import io.pgolab.workload.ShellRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Builds one variant in one phase. The build directory is wiped first (flags differ between
 * variants; make does not notice), and every profile-related build (instrumented, pgo, pgo+lto)
 * runs in the same directory, because GCC names .gcda files after absolute object paths and
 * clang keys static functions by source path: the instrumented and optimized builds must use
 * identical paths. Each result is copied out to .pgolab/bin/KEY/ before the next build starts.
 */
public final class BuildStage {
    /** Under the build directory: {installdir}, the install tree a variant may be (build.artifact inside it). */
    public static final String INSTALL_DIR = "install-tree";

    /** The build directory shared by the instrumented and the profile-guided builds (a directory, not a variant). */
    static final String PROFILE_FAMILY_DIR = "pgo";
    /** BOLT needs the static relocations in the linked binary to move functions. */
    static final String RELOCATIONS = "-Wl,--emit-relocs";
    private final Config config;
    private final Toolchain toolchain;
    private final ArtifactStore store;
    private final ShellRunner runner;
    private final Events events;
    private final BuildKeys keys;
    private final BuildAudits audits;
    private final BuildPublish publisher;
    /** The sources from one build of this run to the next: nothing may edit them in between. */
    final SourceDrift drift;
    /** Keys this stage built in this run: a later request for one reuses it, but it is no "[cached]" build. */
    private final Set<String> builtNow = new HashSet<>();
    private boolean warnedShell;

    public BuildStage(Config config, Toolchain toolchain, ArtifactStore store, ShellRunner runner, Events events) {
        this.config = config;
        this.toolchain = toolchain;
        this.store = store;
        this.runner = runner;
        this.events = events;
        this.keys = new BuildKeys(config, toolchain, store);
        this.audits = new BuildAudits(config, toolchain, store, events, keys);
        this.publisher = new BuildPublish(config, toolchain, store);
        this.drift = new SourceDrift(config, events, store.root().resolve("generated-sources"));
    }

    public String key(Variant v, Phase phase, Optional<ProfileData> profile) {
        return keys.key(v, phase, profile);
    }

    /** What changed in the files the last build of this artifact read ("" when unknown or nothing). */
    public String changesSince(Variant v, Phase phase, Optional<ProfileData> profile) {
        return keys.changesSince(v, phase, profile);
    }

    /**
     * Builds (or reuses) the artifact. Any error the build raises is a {@link BuildFailure.Failed} naming
     * the artifact, and, when its clean, configure or build command failed, the command, how it ended and its log.
     */
    public BuildResult run(Variant v, Phase phase, Optional<ProfileData> profile) {
        try {
            return build(v, phase, profile);
        } catch (UserError e) {
            throw BuildFailure.wrap(e, BuiltArtifact.name(v, phase), "check");
        }
    }

    /**
     * A build as named steps: reuse (this config's record or another's), then environment, clean, configure,
     * build, audit, verify and publish; each step fills in the BuildRun the next one reads.
     */
    private BuildResult build(Variant v, Phase phase, Optional<ProfileData> profile) {
        if (phase == Phase.INSTRUMENT && !toolchain.separateInstrumentedBuild()) {
            return releaseAsInstrumented();
        }
        toolchain.require(phase == Phase.INSTRUMENT ? Variant.PGO : v);
        drift.check(BuiltArtifact.name(v, phase));
        BuildRun r = new BuildRun(v, phase, profile, BuiltArtifact.name(v, phase), key(v, phase, profile),
                keys.recipe(v, phase, profile));
        Optional<BuildResult> reused = reuse(r);
        if (reused.isPresent()) {
            return reused.get();
        }
        events.started("build " + r.name, toolchain.kind());
        drift.ran("the build of '" + r.name + "'");
        environment(r);
        clean(r);
        configure(r);
        compile(r);
        audits.check(r);
        verify(r);
        return publish(r);
    }

    /** The recorded build when it is intact and of this key (this config's, else another's); else says why not. */
    private Optional<BuildResult> reuse(BuildRun r) {
        ArtifactStore.Found cached = store.find(r.name, Optional.of(r.key));
        boolean unsealed = cached.artifact().filter(this::unsealedTree).isPresent();
        if (cached.artifact().isPresent() && !unsealed) {
            return Optional.of(cached(r.name, r.key, r.recipe, cached.artifact().get(), ""));
        }
        Optional<SharedBuilds.Taken> shared = SharedBuilds.take(store, r.name, r.key);
        if (shared.isPresent() && !unsealedTree(shared.get().artifact())) {   // another config's, in the place of a damaged one too: they share bin/KEY12/
            return Optional.of(cached(r.name, r.key, r.recipe, shared.get().artifact(), shared.get().from()));
        }
        cached.damage().ifPresent(d -> events.warn(d + ": rebuilding"));
        if (unsealed) {
            events.note("build " + r.name + ": rebuilding, its install tree was published by an earlier pgolab, whose"
                    + " record of the tree left out added files, modes and symbolic links");
        } else if (cached.damage().isEmpty() && store.lookup(r.name, Optional.empty()).isPresent()) {
            String changed = changesSince(r.variant, r.phase, r.profile);
            events.note("build " + r.name + ": rebuilding, " + (changed.isEmpty()
                    ? "the build command, flags, config, toolchain or profile changed" : "files it read changed (" + changed + ")"));
        }
        store.invalidate(r.name);
        return Optional.empty();
    }

    /** Fresh directories, the sources (or their copy), the toolchain's flags, placeholders and process environment. */
    private void environment(BuildRun r) {
        Variant v = r.variant;
        r.buildDir = store.buildDir(r.phase == Phase.PLAIN ? v.dirName() : PROFILE_FAMILY_DIR);
        ArtifactStore.freshDir(r.buildDir);
        ArtifactStore.freshDir(store.scratch());
        r.srcDir = config.copySources() ? copySources(r.buildDir.resolve("src")) : config.root();
        toolchain.buildNote(v, r.phase, r.srcDir, config.build().env()).ifPresent(n -> events.note("build " + r.name + ": " + n));
        r.env = toolchain.buildEnv(v, r.phase, r.profile,
                new Toolchain.BuildFlags(config.build().cflags(), config.build().cxxflags(), config.build().ldflags(),
                        config.build().goflags(), r.srcDir, config.build().env()));
        if (v.bolt() && r.phase != Phase.INSTRUMENT && r.env.cCompiler()) {
            r.env = r.env.withLinkFlags(RELOCATIONS);   // cargo adds its own -Clink-arg (CargoToolchain.keepsRelocations)
        }
        r.values = new LinkedHashMap<>(r.env.placeholders());
        r.values.put("builddir", r.buildDir.toString());
        r.installDir = r.buildDir.resolve(INSTALL_DIR);   // empty at each build: buildDir is fresh
        r.values.put("installdir", r.installDir.toString());
        r.values.put("srcdir", r.srcDir.toString());
        r.values.put("root", config.root().toString());
        r.values.put("config_dir", config.configDir().toString());
        r.values.put("jobs", Integer.toString(Runtime.getRuntime().availableProcessors()));
        r.auditLog = AuditRecord.logFile(store, r.name);
        r.procEnv = new LinkedHashMap<>(r.env.conventionalEnv());
        r.cacheStats = store.logs().resolve("ccache-" + r.name + ".log");
        audits.prepare(r);
        r.logFile = store.logs().resolve("build-" + r.name + ".log");
        r.step = StepEnv.of(config.build().command(), r.procEnv, config.build().env(), r.env.cCompiler());
        warnShellVariables(r.name, r.step);   // first: what clean and configure read may be why they fail
    }

    /** build.clean, in a copy too: root's earlier outputs come with it. The build's wall time starts here. */
    private void clean(BuildRun r) {
        r.t0 = Instant.now();
        r.loadStart = BuildLoad.now();
        if (config.build().clean().isEmpty()) {
            return;
        }
        String clean = Template.renderShell(config.build().clean().get(), r.values);
        StepEnv.Step cleanStep = StepEnv.of(config.build().clean().get(), r.procEnv, config.build().env(), r.env.cCompiler());
        ShellRunner.Outcome o = runner.run(clean, r.srcDir, cleanStep.env(), cleanStep.unset(), config.build().timeout(),
                store.logs().resolve("clean-" + r.name + ".log"), OptionalInt.empty());
        if (!o.ok()) {
            UserError e = new UserError("the clean command for '" + r.name + "' failed: "
                    + ShellRunner.describeFailure(o, 20), "fix build.clean in " + config.file() + ", or remove it");
            throw new BuildFailure.Failed(e, BuildFailure.of(r.name, "clean", o, e.getMessage()), null);
        }
        r.steps.add(BuildStepCost.of("clean", o));
    }

    /** [build] configure, when there is one. */
    private void configure(BuildRun r) {
        Optional<Map<String, String>> sources = ConfigureEdits.before(config);
        r.configured = config.build().configure().map(c -> ConfigureStep.run(config, runner,
                r.name, r.values, r.procEnv, r.srcDir, store.logs(), r.auditLog));
        sources.ifPresent(before -> ConfigureEdits.check(config, r.name, before, events));
    }

    /** build.command; then the artifact must exist and, for a C build, be this build's output. */
    private void compile(BuildRun r) {
        r.command = Template.renderShell(config.build().command(), r.values);
        Path binary = Path.of(Template.render(config.build().artifact(), r.values));
        if (!binary.isAbsolute()) {
            binary = r.srcDir.resolve(binary);
        }
        r.binary = InstallTree.check(binary, r.installDir, config.build().installTree(), config.file());
        r.before = r.env.cCompiler() ? StaleOutputs.Before.of(r.binary) : Optional.empty();
        r.commandStart = System.currentTimeMillis();
        ShellRunner.Outcome o = runner.run(r.command, r.srcDir, r.step.env(), r.step.unset(), config.build().timeout(),
                r.logFile, OptionalInt.empty());
        r.outcome = o;
        r.seconds = Duration.between(r.t0, Instant.now()).toMillis() / 1000.0;
        r.configured.ifPresent(c -> r.steps.add(BuildStepCost.of("configure", c)));
        r.steps.add(BuildStepCost.of("build", o));
        r.cpuSeconds = r.steps.stream().mapToDouble(BuildStepCost::cpuSeconds).sum();
        r.load = new BuildLoad(r.loadStart, BuildLoad.now());
        if (!o.ok()) {
            UserError e = new UserError("building variant '" + r.name + "' failed: " + ShellRunner.describeFailure(o, 30),
                    failureHint(o.output(), r.phase, r.variant));
            throw new BuildFailure.Failed(e, BuildFailure.of(r.name, "build", o, e.getMessage()), null);
        }
        if (config.build().installTree()) {
            InstallTree.inspect(r.installDir, r.binary, r.name, config.file());
        }
        if (!Files.isRegularFile(r.binary)) {
            throw new UserError("the build of '" + r.name + "' succeeded but did not produce " + r.binary,
                    "check build.artifact in " + config.file() + " (placeholders {builddir} = " + r.buildDir
                            + ", {srcdir} = " + r.srcDir + (config.build().installTree() ? ", {installdir} = " + r.installDir
                            + ": did build.command install into it, e.g. 'make install DESTDIR={installdir}'?" : "") + ")");
        }
        if (r.env.cCompiler()) {   // before the audit: an old binary is no variant, whatever its compiles say
            StaleOutputs.check(r.name, r.command, r.before, keys.audited() ? CompileRecord.read(r.auditLog)
                    : List.of(), r.srcDir, config.copySources(), r.commandStart, config.file());
        }
    }

    /** A profile-guided build: the profile reached its objects and code, and the toolchain's proof that it was used. */
    private void verify(BuildRun r) {
        if (r.phase != Phase.OPTIMIZE) {
            return;
        }
        ProfileData profile = r.profile.orElseThrow();
        r.diagnostics = toolchain.diagnostics(r.outcome.output(), r.profile);
        ProfileLoss.check(r.name, r.diagnostics, r.noProfile, ProfileLoss.objects(store, profile), r.logFile, events);
        ProfileReach.check(r.name, r.variant, r.binary, store, config.build().compilerCache().map(Object::toString),
                Set.copyOf(config.build().allow()), config.file(), events);
        r.check = stepChecks(r.name, r.variant, r.binary, r.profile, toolchain.verifyOptimized(r.binary, profile).orElse(""));
    }

    /** The artifact into the store under the key of what it read, and its record. */
    private BuildResult publish(BuildRun r) {
        long binaryBytes = BuildPublish.sizeOf(r.binary);
        boolean tree = config.build().installTree();
        Path bin = tree ? publisher.publishTree(r.builtKey, r.name, r.buildDir, r.phase, r.installDir)
                : publisher.publish(r.builtKey, r.binary, BuildPublish.siblings(config, r.binary, r.name),
                BuildPublish.named(config, r.values, r.srcDir, r.name), r.buildDir, r.phase);
        BuiltArtifact a = new BuiltArtifact(r.name, r.phase.id(), r.builtKey,
                bin.resolve(tree ? r.installDir.relativize(r.binary) : r.binary.getFileName()).toString(),
                r.phase == Phase.INSTRUMENT ? bin.resolve("notes").toString() : "",
                binaryBytes, r.seconds, r.profile.map(ProfileData::sha256).orElse(""),
                r.diagnostics.mismatched(), r.diagnostics.missing(), r.logFile.toString(),
                r.configured.map(c -> c.commandLine() + " && ").orElse("") + r.command, Instant.now().toString(), r.check,
                tree ? null : Digests.of(bin), r.cpuSeconds, r.load, r.steps.size() > 1 ? List.copyOf(r.steps) : null, null);
        if (tree) {
            a = a.withTree(FileDigest.of(store.treeManifest(r.builtKey)));
        }
        store.record(r.name, a);
        builtNow.add(r.key);
        builtNow.add(r.builtKey);
        drift.built();
        events.finished("build " + r.name, Duration.ofMillis(Math.round(r.seconds * 1000)), "");
        return new BuildResult(a, false, r.diagnostics, r.auditLine);
    }

    /**
     * A recorded build reused: this config's own, or another's (sharedFrom). A record of the files it
     * read written before recipes were recorded gets its recipe, so other configs find it.
     */
    private BuildResult cached(String name, String key, String recipe, BuiltArtifact a, String sharedFrom) {
        Optional<AuditRecord> audit = AuditRecord.read(store, name).filter(s -> key.equals(s.key()));
        audit.filter(s -> s.recipe() == null).ifPresent(s -> AuditRecord.save(store, name, s.withRecipe(recipe)));
        return new BuildResult(a, !builtNow.contains(key), a.profileDiagnostics(),
                audit.map(AuditRecord::line).orElse(""), sharedFrom);
    }

    /** Once per run: build-affecting variables from the shell that reach the build uncovered by its key. */
    private void warnShellVariables(String name, StepEnv.Step step) {
        List<String> names = StepEnv.uncovered(System.getenv(), step);
        if (!names.isEmpty() && !warnedShell) {
            warnedShell = true;
            events.warn(StepEnv.warning(name, names, config.file()));
        }
    }

    /**
     * For toolchains whose profiles come from the normal binary (go): the release build, built or
     * reused, recorded as BuiltArtifact.INSTRUMENTED too, so nothing is built twice.
     */
    private BuildResult releaseAsInstrumented() {
        String key = key(Variant.RELEASE, Phase.PLAIN, Optional.empty());
        Optional<BuiltArtifact> cached = store.lookup(BuiltArtifact.INSTRUMENTED, Optional.of(key))
                .or(() -> SharedBuilds.take(store, BuiltArtifact.INSTRUMENTED, key).map(SharedBuilds.Taken::artifact));
        if (cached.isPresent()) {
            return new BuildResult(cached.get(), !builtNow.contains(key));
        }
        BuildResult release = run(Variant.RELEASE, Phase.PLAIN, Optional.empty());
        BuiltArtifact a = release.artifact().as(BuiltArtifact.INSTRUMENTED, Phase.INSTRUMENT);
        store.record(BuiltArtifact.INSTRUMENTED, a);
        return new BuildResult(a, release.cached());
    }


    /** The proof of the steps on top of pgo joined to check; doubts become warnings. */
    private String stepChecks(String name, Variant v, Path binary, Optional<ProfileData> profile, String check) {
        StringBuilder out = new StringBuilder(check);
        for (String line : toolchain.verifySteps(v, binary, profile)) {
            if (line.startsWith("warning: ")) {
                events.warn("build " + name + ": " + line.substring("warning: ".length()));
            } else {
                out.append(out.length() == 0 ? "" : "; ").append(line);
            }
        }
        return out.toString();
    }

    private String failureHint(String output, Phase phase, Variant v) {
        if (DiskFull.inOutput(output)) {
            return "the disk is full (" + DiskFull.freeSpace(store.root()) + ", where " + store.root() + " is): free"
                    + " space on that filesystem, or move the project to a larger disk; the profile itself is fine";
        }
        if (phase == Phase.OPTIMIZE && (output.contains("coverage-mismatch") || output.contains("hash mismatch"))) {
            String retrain = "the profile no longer matches the sources or flags; run 'pgolab build --retrain' to record a fresh one and rebuild";
            return config.build().compilerCache().map(c -> retrain + "; if it happens again, the compiler cache " + c
                    + " may change the flags of the compiles it runs (instrumented compiles do not go through it): remove"
                    + " build.compiler_cache from " + config.file() + " and build again to tell").orElse(retrain);
        }
        if ((output.contains("profile") && output.contains("No such file")) || output.contains("-C profile-use does not exist")) {
            return "the profile file is missing; run 'pgolab build --retrain'";
        }
        String hint = toolchain.buildFailureHint(output, phase, v, config.file());
        return cacheHint(output).map(c -> c.startsWith("the compiler cache") ? c : hint + "; " + c).orElse(hint);
    }

    /**
     * With build.compiler_cache every compile runs through the cache: a failure whose output has the cache's own
     * error line ("ccache: error: ...") is the cache's, not the build's, and is named so; otherwise the hint says
     * the cache was in the way, so that a cache that fails silently is not mistaken for the build command.
     */
    private Optional<String> cacheHint(String output) {
        Optional<String> cache = config.build().compilerCache().map(Object::toString);
        if (cache.isEmpty()) {
            return Optional.empty();
        }
        String name = Path.of(cache.get()).getFileName().toString();
        Optional<String> own = output.lines().filter(l -> l.startsWith(name + ":") || l.contains("/" + name + ":"))
                .findFirst();
        String off = "remove build.compiler_cache from " + config.file() + " to build without it";
        return Optional.of(own.map(l -> "the compiler cache " + cache.get() + " failed, not the build: '" + l.strip()
                        + "'; fix the cache (its configuration, its directory's space and permissions), or " + off)
                .orElse("every compile ran through the compiler cache " + cache.get() + ": if the error above is not"
                        + " the compiler's, " + off + " and build again to see which one failed"));
    }

    private Path copySources(Path dest) {
        try {
            List<PathMatcher> ex = SourceFingerprint.matchers(config.exclude());
            for (Path f : SourceFingerprint.list(config.root(), Path.of("/nonexistent"), ex)) {
                Path t = dest.resolve(config.root().relativize(f).toString());
                Files.createDirectories(t.getParent());
                Files.copy(f, t, StandardCopyOption.COPY_ATTRIBUTES);
            }
            return dest;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A reused install tree whose record has no manifest (published before pgolab kept one): not reused. */
    private boolean unsealedTree(BuiltArtifact a) {
        return config.build().installTree() && a.tree() == null;
    }
}
