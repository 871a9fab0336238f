package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.BoltSpec;
import io.pgolab.config.Config;
import io.pgolab.config.Variant;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.perf.Perf;
import io.pgolab.process.Scratch;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.BuildResult;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.store.Digests;
import io.pgolab.store.SharedBuilds;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.toolchain.bolt.Bolt;
import io.pgolab.toolchain.bolt.NoLbrFdata;
import io.pgolab.util.DiskFull;
import io.pgolab.util.Events;
import io.pgolab.util.Hashing;
import io.pgolab.util.Json;
import io.pgolab.util.Shell;
import io.pgolab.workload.ServiceRun;
import io.pgolab.workload.ShellRunner;
import io.pgolab.workload.Signals;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Turns a build linked with relocations into a BOLT variant: profile it (BOLT's instrumentation,
 * or perf + perf2bolt) on the [[train]] workloads, optimize, smoke-test, publish. A function BOLT
 * cannot rewrite is skipped and the step retried; a binary that fails its smoke test is discarded.
 */
public final class BoltStage {
    static final int MAX_ATTEMPTS = 12;
    private final Config config;
    private final Toolchain toolchain;
    private final ArtifactStore store;
    private final ShellRunner runner;
    private final Events events;
    private final TrainStage training;
    /** Keys BOLTed in this run: a later request reuses it, but it is no "[cached]" build. */
    private final Set<String> builtNow = new HashSet<>();

    public BoltStage(Config config, Toolchain toolchain, ArtifactStore store, ShellRunner runner, Events events,
                     TrainStage training) {
        this.config = config;
        this.toolchain = toolchain;
        this.store = store;
        this.runner = runner;
        this.events = events;
        this.training = training;
    }


    Bolt tools() {
        return Bolt.locate(toolchain.boltLlvmMajor());
    }

    String mode(BoltSpec spec) {
        if (!spec.profile().equals("auto")) {
            return spec.profile();
        }
        return Perf.detect().branchRecords() ? "perf" : "instrument";
    }

    String key(Variant v, BuiltArtifact base, Bolt bolt, String mode) {
        BoltSpec b = config.bolt();
        String source = mode.equals("perf") ? mode + (Perf.detect().branchRecords() ? "+lbr" : "+basic-samples") : mode;
        StringBuilder s = new StringBuilder(String.join("\n", "pgolab-bolt-v2", v.name(), base.key(), bolt.fingerprint(),
                source, Bolt.effectiveOptions(b.options()).toString(), b.skipFuncs().toString(), b.smoke().orElse("")));
        if (stripsAfterBolt()) {
            s.append("\nstrip-all");   // only then, so that other keys stay as they were
        }
        for (WorkloadSpec w : training.workloads(v.profileSet())) {
            s.append('\n').append(w.name()).append('\t').append(w.command()).append('\t').append(w.env())
                    .append('\t').append(w.service().map(Object::toString).orElse(""));
        }
        return Hashing.of(s.toString());
    }

    public BuildResult run(Variant v, BuildResult baseBuild) {
        if (config.build().installTree()) {   // a variant named on the command line; the config's are checked on load
            throw new UserError("variant '" + v.name() + "': BOLT rewrites one program, and this build's variant is an"
                    + " install tree ({installdir} in build.artifact of " + config.file() + ")",
                    "leave the +bolt variants out, or make build.artifact the program itself ({builddir}/...)");
        }
        BuiltArtifact base = baseBuild.artifact();
        Bolt bolt = tools();
        String mode = mode(config.bolt());
        String key = key(v, base, bolt, mode);
        var cached = store.find(v.name(), Optional.of(key));
        if (cached.artifact().isPresent()) {   // the row's audit line is its base build's: BOLT compiles nothing
            BuiltArtifact a = cached.artifact().get();
            return new BuildResult(a, !builtNow.contains(key), a.profileDiagnostics(), baseBuild.audit());
        }
        var shared = SharedBuilds.take(store, v.name(), key);
        if (shared.isPresent()) {
            BuiltArtifact a = shared.get().artifact();
            return new BuildResult(a, !builtNow.contains(key), a.profileDiagnostics(), baseBuild.audit(),
                    shared.get().from());
        }
        cached.damage().ifPresent(d -> events.warn(d + ": rebuilding"));
        store.invalidate(v.name());
        Path dir = store.buildDir("bolt-" + v.dirName());
        ArtifactStore.freshDir(dir);
        Path input = Path.of(base.binary());
        events.started("bolt " + v.name(), bolt.describe() + ", profile by " + (mode.equals("perf")
                ? "perf record + perf2bolt" : "BOLT instrumentation") + ", from " + base.variant());
        List<String> skip = new ArrayList<>(config.bolt().skipFuncs());
        Instant t0 = Instant.now();
        List<WorkloadSpec> workloads = training.workloads(v.profileSet());
        Path fdata = mode.equals("perf")
                ? merge(bolt, new BoltPerfProfile(config, runner, training, bolt).collect(input, dir, workloads), dir)
                : instrumentProfile(bolt, input, dir, skip, workloads);
        double profileSeconds = Duration.between(t0, Instant.now()).toMillis() / 1000.0;
        Instant t1 = Instant.now();
        Path out = dir.resolve("out").resolve(input.getFileName());
        ArtifactStore.freshDir(out.getParent());
        copySiblings(input, out.getParent());
        Path log = store.logs().resolve("bolt-" + v.name() + ".log");
        ShellRunner.Outcome o = runBolt(s -> bolt.optimizeArgv(input, out, fdata, config.bolt().options(), s), skip, log,
                "optimizing " + v.name(), input);
        double optimizeSeconds = Duration.between(t1, Instant.now()).toMillis() / 1000.0;
        boolean stripped = stripsAfterBolt() && strip(bolt, out, v);
        smoke(v, out, workloads.get(0));
        String output = o.output();
        BoltReport report = new BoltReport(mode, List.copyOf(skip), coverage(output), Bolt.dynoStats(output), profileSeconds,
                optimizeSeconds, bolt.describe());
        Path bin = publish(key, out, report);
        BuiltArtifact a = new BuiltArtifact(v.name(), BuiltArtifact.BOLT_PHASE, key, bin.resolve(out.getFileName()).toString(), "",
                Hashing.sizeOf(out), base.buildSeconds() + profileSeconds + optimizeSeconds, base.profileSha256(),
                base.profileMismatched(), base.profileMissing(), log.toString(), o.commandLine(), Instant.now().toString(), "",
                Digests.of(bin));
        store.record(v.name(), a);
        events.finished("bolt " + v.name(), Duration.between(t0, Instant.now()),
                (skip.isEmpty() ? "" : "skipped " + skip.size() + " function(s): " + String.join(", ", skip) + "; ")
                        + report.coverage() + (stripped ? "; stripped afterwards (llvm-strip --strip-all), as the profile asks" : ""));
        builtNow.add(key);
        return new BuildResult(a, false, baseBuild.diagnostics(), baseBuild.audit());
    }

    /** The user's build strips symbols, which the base build kept for BOLT (cargo: strip = true): strip the result. */
    private boolean stripsAfterBolt() {
        return toolchain.stripAfterBolt(config.root(), config.build().env());
    }

    /** llvm-strip --strip-all of BOLT's LLVM on the BOLTed binary; false (with a warning) when there is no llvm-strip. */
    private boolean strip(Bolt bolt, Path out, Variant v) {
        Optional<Path> tool = ToolLocator.llvmTool(bolt.major(), "llvm-strip");
        if (tool.isEmpty()) {
            events.warn("bolt " + v.name() + ": the profile strips symbols, but llvm-strip-" + bolt.major() + " is not"
                    + " installed, so the BOLTed binary keeps its symbol table (apt-get install -y llvm-" + bolt.major() + ")");
            return false;
        }
        String cmd = Shell.join(List.of(tool.get().toString(), "--strip-all", out.toString()));
        ShellRunner.Outcome o = runner.run(cmd, out.getParent(), Map.of(), Duration.ofMinutes(5),
                store.logs().resolve("bolt-strip-" + v.name() + ".log"));
        if (!o.ok()) {
            throw new UserError("stripping the BOLTed binary of '" + v.name() + "' failed: " + ShellRunner.describeFailure(o, 15),
                    "remove strip from the cargo profile to keep the symbols, or report this llvm-strip failure");
        }
        return true;
    }

    /** BOLT's report for a published BOLT variant (bolt.json beside its binary), if any. */
    public static Optional<BoltReport> report(BuiltArtifact a) {
        Path f = Path.of(a.binary()).resolveSibling("bolt.json");
        try {
            return Files.isRegularFile(f) ? Optional.of(Json.read(f, BoltReport.class)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private Path instrumentProfile(Bolt bolt, Path input, Path dir, List<String> skip, List<WorkloadSpec> workloads) {
        Path instrumented = dir.resolve("instrumented").resolve(input.getFileName());
        Path fdataDir = dir.resolve("fdata");
        ArtifactStore.freshDir(fdataDir);
        ArtifactStore.freshDir(instrumented.getParent());
        runBolt(s -> bolt.instrumentArgv(input, instrumented, fdataDir.resolve("prof"), s), skip,
                store.logs().resolve("bolt-instrument-" + dir.getFileName() + ".log"), "instrumenting", input);
        copySiblings(input, instrumented.getParent());
        TrainStage.Collector collector = TrainStage.Collector.of(raw -> moveInto(fdataDir, raw, ".fdata"), (c, raw) -> c);
        List<Path> files = new ArrayList<>();
        for (WorkloadSpec w : workloads) {
            Path raw = dir.resolve("runs").resolve(w.name());
            ArtifactStore.freshDir(raw);
            try {
                training.runOne(w, instrumented.toString(), raw, collector, "bolt-train-");
            } catch (UserError e) {
                throw new UserError("BOLT's instrumented binary failed in training workload '" + w.name() + "': "
                        + e.getMessage(), "if the normal build passes this workload, BOLT's instrumentation broke it:"
                        + " add the function it crashed in to [bolt] skip_funcs, or profile with perf instead"
                        + " ([bolt] profile = \"perf\"). " + e.hint());
            }
            files.addAll(listFiles(raw, ".fdata"));
        }
        return merge(bolt, files, dir);
    }

    Path merge(Bolt bolt, List<Path> files, Path dir) {
        Path merged = dir.resolve("merged.fdata");
        if (!files.isEmpty() && NoLbrFdata.isNoLbr(files.get(0))) {
            NoLbrFdata.merge(files, merged);
            return merged;
        }
        String cmd = Shell.join(bolt.mergeArgv(files)) + " > " + Shell.quote(merged.toString());
        ShellRunner.Outcome o = runner.run(cmd, dir, Map.of(), Duration.ofMinutes(10), store.logs().resolve("bolt-merge.log"));
        if (!o.ok() || Hashing.sizeOf(merged) == 0) {
            throw new UserError("merging BOLT profiles failed: " + ShellRunner.describeFailure(o, 15),
                    "the raw .fdata files are in " + dir + "; rerun 'pgolab build' to record them again");
        }
        return merged;
    }

    /**
     * Runs an llvm-bolt step; when BOLT names a function it cannot process, adds it to skip and
     * tries again. Known input problems (stripped, no relocations) get their own message.
     */
    ShellRunner.Outcome runBolt(Function<List<String>, List<String>> argv, List<String> skip, Path log, String what,
                                Path input) {
        for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
            ShellRunner.Outcome o = runner.run(Shell.join(argv.apply(skip)), store.root(), Map.of(), Duration.ofMinutes(30), log);
            String output = o.output();
            if (o.ok() && !output.contains("BOLT-ERROR")) {
                return o;
            }
            var problem = Bolt.inputProblem(output, input);
            if (problem.isPresent()) {
                throw problem.get();
            }
            var fn = Bolt.functionToSkip(output);
            if (fn.isPresent() && !skip.contains(fn.get())) {
                events.warn("BOLT cannot rewrite function " + fn.get() + " (" + what + "); skipping it and retrying");
                skip.add(fn.get());
                continue;
            }
            throw new UserError("llvm-bolt failed " + what + ": " + ShellRunner.describeFailure(o, 25),
                    fn.isPresent() ? "BOLT still fails on " + fn.get() + " after skipping it; leave BOLT variants out,"
                            + " or try other [bolt] options"
                            : "see the log; add the function BOLT names to [bolt] skip_funcs, or leave BOLT variants out");
        }
        throw new UserError("llvm-bolt failed " + what + " after skipping " + skip.size() + " functions: " + skip,
                "BOLT cannot process this binary reliably; leave BOLT variants out");
    }

    private void smoke(Variant v, Path out, WorkloadSpec first) {
        var smoke = config.bolt().smoke();
        String label = smoke.isPresent() ? "[bolt] smoke" : "the first training workload ('" + first.name() + "')";
        try {
            if (smoke.isEmpty() && first.isService()) {
                var stopped = ServiceRun.run(ServiceRun.Request.of(config, "bolt-smoke-" + v.name(),
                        first.service().get(), out.toString(), first.env(), store.logs(), first.timeout()), runner).stopped();
                var m = stopped.measurement();
                // Ending by the stop signal itself (no handler) or after the grace period is how the
                // release build ends too; a crash (SIGSEGV, SIGILL...) or an error status is not.
                boolean bySignal = m.signal() != 0 && !Signals.name(m.signal())
                        .equals(first.service().get().stopSignal()) && !stopped.killedAfterGrace();
                if (bySignal || m.signal() == 0 && m.exitCode() != 0) {
                    throw new UserError("the server ended badly after " + first.service().get().stopSignal() + ": "
                            + (m.signal() != 0 ? "killed by " + Signals.name(m.signal())
                            : "exit status " + m.exitCode()));
                }
                return;
            }
            String cmd = smoke.map(s -> config.render(s, out.toString(), 0)).orElse(config.workloadCommand(first, out.toString()));
            ShellRunner.Outcome o = runner.run(cmd, config.configDir(), smoke.isPresent() ? Map.of() : first.env(),
                    first.timeout(), store.logs().resolve("bolt-smoke-" + v.name() + ".log"));
            if (!o.ok()) {
                throw new UserError(ShellRunner.describeFailure(o, 15));
            }
        } catch (UserError e) {
            throw new UserError("the BOLTed binary of '" + v.name() + "' failed its smoke test (" + label
                    + ") and was discarded: " + e.getMessage(),
                    "BOLT produced a broken binary: add the function at fault to [bolt] skip_funcs, try other [bolt]"
                            + " options, or leave BOLT variants out");
        }
    }

    /**
     * The other programs of a cargo build ({bin:NAME}) and the named artifacts ({artifact:NAME}) go beside BOLT's
     * binary unchanged, so that workloads can still run them: BOLT rewrites only the program ({binary}).
     */
    private void copySiblings(Path input, Path toDir) {
        try {
            for (String sibling : config.build().siblingArtifacts()) {
                Files.copy(input.resolveSibling(sibling), toDir.resolve(sibling), StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.COPY_ATTRIBUTES);
            }
            BuildPublish.copyNamedBeside(config, input, toDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path publish(String key, Path out, BoltReport report) {
        Path target = store.binDir(key);
        Path staging = Scratch.track(target.resolveSibling(target.getFileName() + ".tmp-" + ProcessHandle.current().pid()));
        ArtifactStore.freshDir(staging);
        try {
            Files.copy(out, staging.resolve(out.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            for (String sibling : config.build().siblingArtifacts()) {
                Files.copy(out.resolveSibling(sibling), staging.resolve(sibling), StandardCopyOption.COPY_ATTRIBUTES);
            }
            BuildPublish.copyNamedBeside(config, out, staging);
        } catch (IOException e) {
            Scratch.discard(staging);
            throw DiskFull.wrap(staging, DiskFull.sizeOf(out), e);
        }
        Json.write(staging.resolve("bolt.json"), report);
        ArtifactStore.publishDir(staging, target);
        Scratch.untrack(staging);
        return target;
    }

    private static String coverage(String output) {
        var m = Pattern.compile("(\\d+) out of (\\d+) functions in the binary \\(([0-9.]+)%\\) have non-empty"
                + " execution profile").matcher(output);
        return m.find() ? m.group(1) + " of " + m.group(2) + " functions profiled (" + m.group(3) + "%)" : "";
    }

    static List<Path> moveInto(Path from, Path raw, String suffix) {
        List<Path> moved = new ArrayList<>();
        for (Path f : listFiles(from, suffix)) {
            try {
                Path t = raw.resolve(f.getFileName());
                Files.move(f, t, StandardCopyOption.REPLACE_EXISTING);
                moved.add(t);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return moved.isEmpty() ? listFiles(raw, suffix) : moved;
    }

    static List<Path> listFiles(Path dir, String suffix) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (var s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix) && Hashing.sizeOf(p) > 0).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
