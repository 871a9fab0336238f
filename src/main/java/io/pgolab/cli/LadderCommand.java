package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.pipeline.BuiltArtifact;
import io.pgolab.pipeline.Pipeline;
import io.pgolab.pipeline.ProfileRecord;
import io.pgolab.report.BenchJson;
import io.pgolab.report.BenchMarkdown;
import io.pgolab.report.BenchResults;
import io.pgolab.report.Ladder;
import io.pgolab.report.LadderReport;
import io.pgolab.report.ResultsFile;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.workload.ShellRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "ladder", mixinStandardHelpOptions = true,
        description = {"Build the optimization ladder and show what each step gains and costs.",
                "Default steps: release, lto, pgo, pgo+lto, pgo+lto+bolt (or [project] ladder, or the variants given).",
                "All steps are benched together on each [[bench]] workload, as 'pgolab bench' does; each step is",
                "compared with release and with the step before it, with build time and binary size."})
final class LadderCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Mixin
    MeasureOptions opts;

    @Parameters(paramLabel = "VARIANT", arity = "0..*", description = "The steps, in order; the first is the baseline.")
    List<String> variantNames = new ArrayList<>();

    @Override
    public Integer call() {
        opts.settings(); // bad options fail before anything is built
        try (Session s = Session.open(parent.global)) {
            BenchCommand.requireBench(s);
            List<Variant> steps = !variantNames.isEmpty() ? BuildCommand.parse(variantNames)
                    : s.config.ladder().isEmpty() ? buildable(s, Variant.LADDER) : s.config.ladder();
            if (steps.size() < 2) {
                throw new UserError("a ladder needs at least two steps", "e.g. pgolab ladder release pgo pgo+lto");
            }
            var parsers = BenchCommand.parsers(s);
            Pipeline.Outcome o = s.pipeline().build(steps, false, FailureMode.FAIL);
            List<BuiltArtifact> built = new ArrayList<>();
            for (Variant v : steps) {
                built.add(o.build(v.name()).orElseThrow().artifact());
            }
            List<Ladder.Slowdown> slowdown = trainingSlowdown(s, o, built);
            BenchRunner runner = new BenchRunner(opts, s.log, s.store.runs().resolve("ladder"));
            BenchResults r = runner.run("pgolab ladder: " + s.config.name(), BenchCommand.workloads(s, built, parsers));
            r = BenchCommand.withPotential(s, r, built, opts.deterministic);
            Ladder ladder = Ladder.of(r, built, pipelineSeconds(o, steps, built), slowdown);
            System.out.print(LadderReport.text(ladder));
            System.out.println(r.summary(r.gated()) + " (against " + built.get(0).variant() + ")");
            write(s, r, ladder, built);
            return opts.failOn != null && !r.regressions(r.gated()).isEmpty() ? 1 : 0;
        }
    }

    /** The default ladder without the steps this toolchain cannot build here, each left out with its reason. */
    private static List<Variant> buildable(Session s, List<Variant> ladder) {
        List<Variant> out = new ArrayList<>();
        for (Variant v : ladder) {
            try {
                s.toolchain.require(v);
                if (v.bolt()) {
                    io.pgolab.toolchain.Bolt.locate(java.util.OptionalInt.empty());
                }
                out.add(v);
            } catch (UserError e) {
                s.console.warn("ladder: leaving out " + v + ": " + e.getMessage()
                        + (e.hint().isEmpty() ? "" : " (" + e.hint() + ")"));
            }
        }
        return out;
    }

    /**
     * How much slower the instrumented binary ran its training workloads than release: the recorded
     * training run against one release run of each command workload.
     */
    private static List<Ladder.Slowdown> trainingSlowdown(Session s, Pipeline.Outcome o, List<BuiltArtifact> built) {
        List<Ladder.Slowdown> out = new ArrayList<>();
        var release = built.stream().filter(a -> a.variant().equals("release")).findFirst();
        if (release.isEmpty()) {
            return out;
        }
        Map<String, ProfileRecord.WorkloadRun> runs = new LinkedHashMap<>();
        o.profiles().values().forEach(p -> p.workloads().forEach(run -> runs.putIfAbsent(run.name(), run)));
        for (ProfileRecord.WorkloadRun run : runs.values()) {
            WorkloadSpec w = s.config.trainWorkload(run.name()).orElse(null);
            // Services are not rerun; a command that names the profile file ({profile}) has no plain form.
            if (w == null || w.isService() || run.cpuSeconds() <= 0
                    || !java.util.Collections.disjoint(io.pgolab.config.Template.placeholders(w.command()),
                            List.of("profile", "profile_dir"))) {
                continue;
            }
            s.console.started("training slowdown " + w.name(), "one run of release");
            ShellRunner.Outcome r = s.runner.run(s.config.workloadCommand(w, release.get().binary()), s.config.configDir(),
                    w.env(), w.timeout(), s.store.logs().resolve("ladder-release-" + w.name() + ".log"));
            if (r.ok() && r.measurement().cpuSeconds() > 0) {
                out.add(new Ladder.Slowdown(w.name(), run.cpuSeconds(), r.measurement().cpuSeconds()));
            }
        }
        return out;
    }

    /**
     * Per step: its own build plus, for profile-guided steps, what its profile set cost before the
     * optimized build (instrumented build, training wall time, merge).
     */
    private static Map<String, Double> pipelineSeconds(Pipeline.Outcome o, List<Variant> steps, List<BuiltArtifact> built) {
        double instr = o.instrumented().map(i -> i.artifact().buildSeconds()).orElse(0.0);
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            Variant v = steps.get(i);
            BuiltArtifact a = built.get(i);
            ProfileRecord p = v.pgo() ? o.profiles().get(v.profileSet()) : null;
            out.put(a.variant(), a.buildSeconds() + (p == null ? 0 : instr + p.mergeSeconds()
                    + p.workloads().stream().mapToDouble(ProfileRecord.WorkloadRun::wallSeconds).sum()));
        }
        return out;
    }

    private void write(Session s, BenchResults r, Ladder ladder, List<BuiltArtifact> built) {
        Path dir = parent.global.workDir();
        if (opts.json != null) {
            Map<String, Object> body = new LinkedHashMap<>();
            List<Map<String, Object>> variants = new ArrayList<>();
            for (BuiltArtifact a : built) {
                Map<String, Object> v = new LinkedHashMap<>();
                v.put("name", a.variant());
                v.put("build_seconds", a.buildSeconds());
                v.put("binary_bytes", a.binaryBytes());
                v.put("binary", a.binary());
                variants.add(v);
            }
            body.put("variants", variants);
            body.put("ladder", ladder.json());
            body.put("bench", BenchJson.body(r, r.gated()));
            ResultsFile.write(dir.resolve(opts.json), s.config, s.toolchain, s.log, body);
        }
        BenchRunner.write(dir, opts.markdown, LadderReport.markdown(ladder, "pgolab ladder: " + s.config.name()) + "\n"
                + BenchMarkdown.render(r, r.gated()));
        BenchRunner.write(dir, opts.csv, io.pgolab.report.BenchCsv.render(r));
    }
}
