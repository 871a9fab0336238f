package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.audit.BuildAudit;
import io.pgolab.audit.ProfileLoss;
import io.pgolab.audit.ProfileReach;
import io.pgolab.audit.ToolAudit;
import io.pgolab.config.Config;
import io.pgolab.config.Template;
import io.pgolab.config.Variant;
import io.pgolab.process.CompilerWrapper;
import io.pgolab.process.Scratch;
import io.pgolab.store.ArtifactLinks;
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
import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.BuildEnv;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.tree.TreeManifest;
import io.pgolab.tree.TreeWalk;
import io.pgolab.util.DiskFull;
import io.pgolab.util.Events;
import io.pgolab.util.Hashing;
import io.pgolab.workload.ShellRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Builds one variant in one phase. The build directory is wiped first (flags differ between
 * variants; make does not notice), and every profile-related build (instrumented, pgo, pgo+lto)
 * runs in the same directory, because GCC names .gcda files after absolute object paths and
 * clang keys static functions by source path: the instrumented and optimized builds must use
 * identical paths. Each result is copied out to .pgolab/bin/KEY/ before the next build starts.
 */
public final class BuildStage {
    /** Under the build directory: {installdir}, the install tree a variant may be (build.artifact inside it). */
    static final String INSTALL_DIR = "install-tree";

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
    /** Keys this stage built in this run: a later request for one reuses it, but it is no "[cached]" build. */
    private final java.util.Set<String> builtNow = new java.util.HashSet<>();
    private boolean warnedShell;

    public BuildStage(Config config, Toolchain toolchain, ArtifactStore store, ShellRunner runner, Events events) {
        this.config = config;
        this.toolchain = toolchain;
        this.store = store;
        this.runner = runner;
        this.events = events;
        this.keys = new BuildKeys(config, toolchain, store);
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

    private BuildResult build(Variant v, Phase phase, Optional<ProfileData> profile) {
        if (phase == Phase.INSTRUMENT && !toolchain.separateInstrumentedBuild()) {
            return releaseAsInstrumented();
        }
        toolchain.require(phase == Phase.INSTRUMENT ? Variant.PGO : v);
        String name = BuiltArtifact.name(v, phase);
        String key = key(v, phase, profile);
        String recipe = keys.recipe(v, phase, profile);
        ArtifactStore.Found cached = store.find(name, Optional.of(key));
        boolean unsealed = cached.artifact().filter(this::unsealedTree).isPresent();
        if (cached.artifact().isPresent() && !unsealed) {
            return cached(name, key, recipe, cached.artifact().get(), "");
        }
        Optional<SharedBuilds.Taken> shared = SharedBuilds.take(store, name, key);
        if (shared.isPresent() && !unsealedTree(shared.get().artifact())) {   // another config's, in the place of a damaged one too: they share bin/KEY12/
            return cached(name, key, recipe, shared.get().artifact(), shared.get().from());
        }
        cached.damage().ifPresent(d -> events.warn(d + ": rebuilding"));
        if (unsealed) {
            events.note("build " + name + ": rebuilding, its install tree was published by an earlier pgolab, whose"
                    + " record of the tree left out added files, modes and symbolic links");
        } else if (cached.damage().isEmpty() && store.lookup(name, Optional.empty()).isPresent()) {
            String changed = changesSince(v, phase, profile);
            events.note("build " + name + ": rebuilding, " + (changed.isEmpty()
                    ? "the build command, flags, config, toolchain or profile changed" : "files it read changed (" + changed + ")"));
        }
        store.invalidate(name);
        events.started("build " + name, toolchain.kind());
        Path buildDir = store.buildDir(phase == Phase.PLAIN ? v.dirName() : PROFILE_FAMILY_DIR);
        ArtifactStore.freshDir(buildDir);
        ArtifactStore.freshDir(store.scratch());
        Path srcDir = config.copySources() ? copySources(buildDir.resolve("src")) : config.root();
        toolchain.buildNote(v, phase, srcDir, config.build().env()).ifPresent(n -> events.note("build " + name + ": " + n));
        BuildEnv env = toolchain.buildEnv(v, phase, profile,
                new Toolchain.BuildFlags(config.build().cflags(), config.build().cxxflags(), config.build().ldflags(),
                        config.build().goflags(), srcDir, config.build().env()));
        if (v.bolt() && phase != Phase.INSTRUMENT && env.cCompiler()) {
            env = env.withLinkFlags(RELOCATIONS);   // cargo adds its own -Clink-arg (CargoToolchain.keepsRelocations)
        }
        Map<String, String> values = new LinkedHashMap<>(env.placeholders());
        values.put("builddir", buildDir.toString());
        Path installDir = buildDir.resolve(INSTALL_DIR);   // empty at each build: buildDir is fresh
        values.put("installdir", installDir.toString());
        values.put("srcdir", srcDir.toString());
        values.put("root", config.root().toString());
        values.put("config_dir", config.configDir().toString());
        values.put("jobs", Integer.toString(Runtime.getRuntime().availableProcessors()));
        Path auditLog = AuditRecord.logFile(store, name);
        Map<String, String> procEnv = new LinkedHashMap<>(env.conventionalEnv());
        Path cacheStats = store.logs().resolve("ccache-" + name + ".log");
        if (env.cCompiler() && keys.audited()) {
            wrap(env, values, procEnv, auditLog);
            CompilerCache.of(config.build().compilerCache(), config.file())
                    .ifPresent(c -> c.apply(procEnv, config.configDir(), cacheStats));
        }
        procEnv.putAll(config.build().env());
        if (toolchain.buildEnvOverridesUserEnv()) {
            procEnv.putAll(env.env());   // computed from build.env (cargo: the user's RUSTFLAGS plus pgolab's)
        }
        String toolAudit = toolAudit(values, procEnv, srcDir, auditLog);
        Path logFile = store.logs().resolve("build-" + name + ".log");
        StepEnv.Step step = StepEnv.of(config.build().command(), procEnv, config.build().env(), env.cCompiler());
        warnShellVariables(name, step);   // first: what clean and configure read may be why they fail
        Instant t0 = Instant.now();
        double loadStart = BuildLoad.now();
        List<BuildStepCost> steps = new java.util.ArrayList<>();
        if (config.build().clean().isPresent()) {   // in a copy too: root's earlier outputs come with it
            String clean = Template.renderShell(config.build().clean().get(), values);
            StepEnv.Step cleanStep = StepEnv.of(config.build().clean().get(), procEnv, config.build().env(), env.cCompiler());
            ShellRunner.Outcome o = runner.run(clean, srcDir, cleanStep.env(), cleanStep.unset(), config.build().timeout(),
                    store.logs().resolve("clean-" + name + ".log"), java.util.OptionalInt.empty());
            if (!o.ok()) {
                UserError e = new UserError("the clean command for '" + name + "' failed: "
                        + ShellRunner.describeFailure(o, 20), "fix build.clean in " + config.file() + ", or remove it");
                throw new BuildFailure.Failed(e, BuildFailure.of(name, "clean", o, e.getMessage()), null);
            }
            steps.add(BuildStepCost.of("clean", o));
        }
        Optional<ShellRunner.Outcome> configured = config.build().configure().map(c -> ConfigureStep.run(config, runner,
                name, values, procEnv, srcDir, store.logs(), auditLog));
        String command = Template.renderShell(config.build().command(), values);
        Path binary = Path.of(Template.render(config.build().artifact(), values));
        if (!binary.isAbsolute()) {
            binary = srcDir.resolve(binary);
        }
        binary = InstallTree.check(binary, installDir, config.build().installTree(), config.file());
        Optional<StaleOutputs.Before> before = env.cCompiler() ? StaleOutputs.Before.of(binary) : Optional.empty();
        long commandStart = System.currentTimeMillis();
        ShellRunner.Outcome o = runner.run(command, srcDir, step.env(), step.unset(), config.build().timeout(), logFile,
                java.util.OptionalInt.empty());
        double seconds = Duration.between(t0, Instant.now()).toMillis() / 1000.0;
        configured.ifPresent(c -> steps.add(BuildStepCost.of("configure", c)));
        steps.add(BuildStepCost.of("build", o));
        double cpuSeconds = steps.stream().mapToDouble(BuildStepCost::cpuSeconds).sum();
        BuildLoad load = new BuildLoad(loadStart, BuildLoad.now());
        if (!o.ok()) {
            UserError e = new UserError("building variant '" + name + "' failed: " + ShellRunner.describeFailure(o, 30),
                    failureHint(o.output(), phase, v));
            throw new BuildFailure.Failed(e, BuildFailure.of(name, "build", o, e.getMessage()), null);
        }
        if (config.build().installTree()) {
            InstallTree.inspect(installDir, binary, name, config.file());
        }
        if (!Files.isRegularFile(binary)) {
            throw new UserError("the build of '" + name + "' succeeded but did not produce " + binary,
                    "check build.artifact in " + config.file() + " (placeholders {builddir} = " + buildDir
                            + ", {srcdir} = " + srcDir + (config.build().installTree() ? ", {installdir} = " + installDir
                            + ": did build.command install into it, e.g. 'make install DESTDIR={installdir}'?" : "") + ")");
        }
        if (env.cCompiler()) {   // before the audit: an old binary is no variant, whatever its compiles say
            StaleOutputs.check(name, command, before, keys.audited() ? io.pgolab.toolchain.CompileRecord.read(auditLog)
                    : List.of(), srcDir, config.copySources(), commandStart, config.file());
        }
        String auditLine = "";
        java.util.Set<Path> noProfile = java.util.Set.of();
        String builtKey = key;
        if (env.cCompiler() && keys.audited()) {
            BuildAudit.Outcome audit = BuildAudit.check(name, v, phase, profile, toolchain.profilePerObject(),
                    io.pgolab.toolchain.CompileRecord.read(auditLog), srcDir, config.root(), auditLog, t0.toEpochMilli(),
                    Optional.of(binary));
            String cacheLine = config.build().compilerCache().isPresent() ? CompilerCache.line(cacheStats, phase == Phase.INSTRUMENT) : "";
            auditLine = audit.line() + (cacheLine.isEmpty() ? "" : "; " + cacheLine)
                    + ArtifactLinks.line(io.pgolab.toolchain.CompileRecord.read(auditLog), variantFiles(binary, installDir, name));
            noProfile = audit.noProfile();
            report(audit);
            if (!audit.reads().isEmpty()) {   // key it by what it read
                List<String> reads = List.copyOf(audit.reads());
                AuditRecord.save(store, name, new AuditRecord("", auditLine, audit.levels(), reads, Map.of(), recipe));
                builtKey = key(v, phase, profile);
                AuditRecord.save(store, name, new AuditRecord(builtKey, auditLine, audit.levels(), reads,
                        keys.snapshot(name, recipe).files(), recipe));
            }
        }
        if (!toolAudit.isEmpty()) {
            auditLine = toolAudit;
        } else if (!env.cCompiler() && (toolchain.compileAudit() == Toolchain.CompileAudit.RUSTC
                || toolchain.compileAudit() == Toolchain.CompileAudit.GO)) {
            List<io.pgolab.toolchain.CompileRecord> records = io.pgolab.toolchain.CompileRecord.read(auditLog);
            BuildAudit.Outcome audit = toolchain.compileAudit() == Toolchain.CompileAudit.RUSTC
                    ? ToolAudit.cargo(name, v, phase, records, auditLog)
                    : ToolAudit.go(name, phase, profile, records, auditLog);
            auditLine = audit.line();
            report(audit);
        }
        if (!env.cCompiler() && !auditLine.isEmpty()) {
            AuditRecord.save(store, name, new AuditRecord(builtKey, auditLine, List.of(), List.of(), Map.of(), recipe));
        }
        BuildDiagnostics diag = phase == Phase.OPTIMIZE ? toolchain.diagnostics(o.output(), profile) : BuildDiagnostics.NONE;
        if (phase == Phase.OPTIMIZE) {
            ProfileLoss.check(name, diag, noProfile, ProfileLoss.objects(store, profile.orElseThrow()), logFile, events);
            ProfileReach.check(name, v, binary, store, config.build().compilerCache().map(Object::toString),
                    java.util.Set.copyOf(config.build().allow()), config.file(), events);
        }
        String check = phase == Phase.OPTIMIZE ? toolchain.verifyOptimized(binary, profile.orElseThrow()).orElse("") : "";
        if (phase == Phase.OPTIMIZE) {
            check = stepChecks(name, v, binary, profile, check);
        }
        long binaryBytes = sizeOf(binary);
        boolean tree = config.build().installTree();
        Path bin = tree ? publishTree(builtKey, name, buildDir, phase, installDir)
                : publish(builtKey, binary, siblings(binary, name), buildDir, phase);
        BuiltArtifact a = new BuiltArtifact(name, phase.id(), builtKey,
                bin.resolve(tree ? installDir.relativize(binary) : binary.getFileName()).toString(),
                phase == Phase.INSTRUMENT ? bin.resolve("notes").toString() : "",
                binaryBytes, seconds, profile.map(ProfileData::sha256).orElse(""),
                diag.mismatched(), diag.missing(), logFile.toString(),
                configured.map(c -> c.commandLine() + " && ").orElse("") + command, Instant.now().toString(), check,
                tree ? null : Digests.of(bin), cpuSeconds, load, steps.size() > 1 ? List.copyOf(steps) : null, null);
        if (tree) {
            a = a.withTree(FileDigest.of(store.treeManifest(builtKey)));
        }
        store.record(name, a);
        builtNow.add(key);
        builtNow.add(builtKey);
        events.finished("build " + name, Duration.ofMillis(Math.round(seconds * 1000)), "");
        return new BuildResult(a, false, diag, auditLine);
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

    /** A finding fails the build unless build.allow names it (then, and for warnOnly findings, a warning). */
    private void report(BuildAudit.Outcome audit) {
        for (BuildAudit.Problem p : audit.problems()) {
            if (!p.allowName().isEmpty() && config.build().allow().contains(p.allowName())) {
                events.warn(p.what() + " (allowed by build.allow = \"" + p.allowName() + "\")");
            } else if (p.warnOnly()) {
                events.warn(p.what() + "; " + p.hint());
            } else {
                throw new UserError(p.what(), p.hint());
            }
        }
    }

    /**
     * Cargo: RUSTC_WRAPPER becomes pgolab-exec, which records each rustc command and runs rustc, or the
     * user's own wrapper (sccache) with it. Go: {goflags} gets -toolexec=pgolab-exec, unless the build
     * has a -toolexec of its own (then nothing is audited, and the returned table line says why).
     */
    private String toolAudit(Map<String, String> values, Map<String, String> procEnv, Path srcDir, Path auditLog) {
        if (toolchain instanceof io.pgolab.toolchain.CargoToolchain cargo) {
            CompilerWrapper.Paths w = prepareAudit(auditLog);
            cargo.userRustcWrapper(config.build().env(), srcDir).ifPresentOrElse(
                    user -> procEnv.put(CompilerWrapper.CHAIN_VAR, user), () -> procEnv.remove(CompilerWrapper.CHAIN_VAR));
            procEnv.put("RUSTC_WRAPPER", w.exec().toString());
            procEnv.put(CompilerWrapper.LOG_VAR, auditLog.toString());
            procEnv.put(CompilerWrapper.DEPS_VAR, store.scratch().resolve("audit-deps").toString());
        } else if (toolchain instanceof io.pgolab.toolchain.GoToolchain go) {
            Optional<String> own = go.userToolexec(config.build().goflags(), config.build().env());
            if (own.isPresent()) {
                return "audit: skipped, the build has its own -toolexec (" + own.get() + ")";
            }
            CompilerWrapper.Paths w = prepareAudit(auditLog);
            values.put("goflags", (values.getOrDefault("goflags", "") + " "
                    + io.pgolab.util.Shell.quote("-toolexec=" + w.exec())).strip());
            procEnv.put(CompilerWrapper.LOG_VAR, auditLog.toString());
            procEnv.put(CompilerWrapper.DEPS_VAR, store.scratch().resolve("audit-deps").toString());
        }
        return "";
    }

    private CompilerWrapper.Paths prepareAudit(Path auditLog) {
        CompilerWrapper.Paths w = CompilerWrapper.ensure();
        try {
            Files.deleteIfExists(auditLog);
            Files.createDirectories(auditLog.getParent());
            Files.createDirectories(store.scratch().resolve("audit-deps"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w;
    }

    /** {cc}/{cxx} and CC/CXX become pgolab's wrapper, which records every invocation in auditLog. */
    private void wrap(BuildEnv env, Map<String, String> values, Map<String, String> procEnv, Path auditLog) {
        CompilerWrapper.Paths w = CompilerWrapper.ensure();
        Path deps = store.scratch().resolve("audit-deps");
        try {
            Files.deleteIfExists(auditLog);
            Files.createDirectories(auditLog.getParent());
            Files.createDirectories(deps);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        values.put("cc", w.cc().toString());
        values.put("cxx", w.cxx().toString());
        procEnv.put("CC", w.cc().toString());
        procEnv.put("CXX", w.cxx().toString());
        procEnv.put(CompilerWrapper.REAL_CC_VAR, env.cc());
        procEnv.put(CompilerWrapper.REAL_CXX_VAR, env.cxx());
        procEnv.put(CompilerWrapper.LOG_VAR, auditLog.toString());
        procEnv.put(CompilerWrapper.DEPS_VAR, deps.toString());
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
            return "the profile no longer matches the sources or flags; run 'pgolab build --retrain' to record a fresh one and rebuild";
        }
        if ((output.contains("profile") && output.contains("No such file")) || output.contains("-C profile-use does not exist")) {
            return "the profile file is missing; run 'pgolab build --retrain'";
        }
        return toolchain.buildFailureHint(output, phase, v, config.file());
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

    /** Other programs of the same build (cargo bins after the first), published beside the artifact. */
    private List<Path> siblings(Path binary, String name) {
        List<Path> out = new java.util.ArrayList<>();
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

    /** The files the variant is: its program and sibling programs, or every file of its install tree. */
    private List<Path> variantFiles(Path binary, Path installDir, String name) {
        if (config.build().installTree()) {
            return Hashing.filesUnder(installDir);
        }
        List<Path> files = new java.util.ArrayList<>(List.of(binary));
        files.addAll(siblings(binary, name));
        return files;
    }

    private Path publish(String key, Path binary, List<Path> siblings, Path buildDir, Phase phase) {
        Path target = store.binDir(key);
        Path staging = Scratch.track(target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid()));
        try {
            ArtifactStore.freshDir(staging);
            Files.copy(binary, staging.resolve(binary.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            for (Path s : siblings) {
                Files.copy(s, staging.resolve(s.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
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
    private Path publishTree(String key, String name, Path buildDir, Phase phase, Path installDir) {
        Path target = store.binDir(key);
        Path manifest = store.treeManifest(key);
        String tmp = ".tmp-" + ProcessHandle.current().pid();
        Path staging = Scratch.track(target.resolveSibling(target.getFileName() + tmp));
        Path manifestTmp = Scratch.track(manifest.resolveSibling(manifest.getFileName() + tmp));
        TreeWalk.Stop stop = io.pgolab.process.RunningCommand::stopping;
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

    /** A reused install tree whose record has no manifest (published before pgolab kept one): not reused. */
    private boolean unsealedTree(BuiltArtifact a) {
        return config.build().installTree() && a.tree() == null;
    }

    private static long sizeOf(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
