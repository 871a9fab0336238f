package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.config.Variant;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.measure.Subject;
import io.pgolab.pipeline.BuiltArtifact;
import io.pgolab.pipeline.Pipeline;
import io.pgolab.report.BenchResults;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.util.Shell;
import io.pgolab.workload.ServiceRun;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Compare variants on each [[bench]] workload with an honest verdict.",
                "Default: release (or the first variant given) against every other configured variant.",
                "Builds what is missing first. Rounds run every variant once in shuffled order, pinned",
                "to one CPU, until the primary metrics' 95%% CIs reach the target or the budget is spent."})
final class BenchCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Mixin
    MeasureOptions opts;

    @Option(names = "--no-build", description = "Measure the binaries already built; do not build or train.")
    boolean noBuild;

    @Parameters(paramLabel = "VARIANT", arity = "0..*", description = "Variants to compare; the first is the baseline.")
    List<String> variantNames = new ArrayList<>();

    @Override
    public Integer call() {
        opts.settings(); // bad options fail before anything is built
        try (Session s = Session.open(parent.global)) {
            requireBench(s);
            List<Variant> variants = variantNames.isEmpty() ? baselineFirst(s.config.variants())
                    : BuildCommand.parse(variantNames);
            if (variants.size() < 2) {
                throw new UserError("bench needs at least two variants", "list two or more in project.variants,"
                        + " or name them: pgolab bench release pgo");
            }
            // Parsers first: a typo in the config should not wait for a build.
            var parsers = parsers(s);
            List<BuiltArtifact> built = new ArrayList<>();
            if (noBuild) {
                for (Variant v : variants) {
                    built.add(s.store.lookup(v.name(), java.util.Optional.empty()).orElseThrow(() -> new UserError(
                            "variant '" + v + "' has not been built", "run 'pgolab build " + v + "', or drop --no-build")));
                }
            } else {
                // Build (or confirm up to date) first, so a bench never measures binaries of an older config.
                Pipeline.Outcome o = s.pipeline().build(variants, false, FailureMode.FAIL);
                for (Variant v : variants) {
                    built.add(o.build(v.name()).orElseThrow().artifact());
                }
            }
            BenchRunner runner = new BenchRunner(opts, s.log, s.store.runs().resolve("bench"));
            BenchResults r = runner.run("pgolab bench: " + s.config.name(), workloads(s, built, parsers));
            r = withPotential(s, r, built, opts.deterministic);
            return runner.report(r, parent.global.workDir(), s.config, s.toolchain);
        }
    }

    static void requireBench(Session s) {
        if (s.config.bench().isEmpty()) {
            throw new UserError("there is no [[bench]] workload in " + s.config.file(),
                    "add one: [[bench]] name = \"main\" command = \"{binary} input\"");
        }
    }

    /** One engine workload per [[bench]] entry, with a subject per built variant. */
    static List<BenchRunner.Workload> workloads(Session s, List<BuiltArtifact> built,
                                                java.util.Map<String, java.util.Optional<io.pgolab.parse.OutputParser>> parsers) {
        List<BenchRunner.Workload> workloads = new ArrayList<>();
        for (WorkloadSpec w : s.config.bench()) {
            List<Subject> subjects = new ArrayList<>();
            for (BuiltArtifact a : built) {
                subjects.add(w.isService() ? serviceSubject(s, w, a, parsers.get(w.name()))
                        : new Subject(a.variant(), Shell.bash(s.config.workloadCommand(w, a.binary())),
                                s.config.configDir(), w.env(), parsers.get(w.name())));
            }
            workloads.add(new BenchRunner.Workload(w.name(), w.command(), subjects, w.primary(), w.minEffects(),
                    w.timeout()));
        }
        return workloads;
    }

    /** Parsers of every [[bench]] entry, resolved before anything is built so a typo fails fast. */
    static java.util.Map<String, java.util.Optional<io.pgolab.parse.OutputParser>> parsers(Session s) {
        java.util.Map<String, java.util.Optional<io.pgolab.parse.OutputParser>> parsers = new java.util.HashMap<>();
        s.config.bench().forEach(w -> parsers.put(w.name(), WorkloadParsers.of(w)));
        return parsers;
    }

    /** For service workloads: where each variant's server spends its CPU (one more run under perf). */
    static BenchResults withPotential(Session s, BenchResults r, List<BuiltArtifact> built, boolean deterministic) {
        for (WorkloadSpec w : s.config.bench()) {
            if (w.isService() && !deterministic) {
                s.console.started("PGO potential " + w.name(), "one more run per variant under perf record -e cpu-clock");
                java.util.Map<String, java.util.Map<String, Object>> pot = new java.util.LinkedHashMap<>();
                PgoPotential.measure(s, w, built).forEach((v, sh) -> pot.put(v, java.util.Map.of("own_percent", sh.own(),
                        "libraries_percent", sh.libraries(), "kernel_percent", sh.kernel(), "samples", sh.samples(),
                        "summary", sh.describe())));
                r = r.withPotential(w.name(), pot);
            }
        }
        return r;
    }

    /** A server under load: each measured run is one life of the server, pinned apart from its clients. */
    private static Subject serviceSubject(Session s, WorkloadSpec w, BuiltArtifact a,
                                          java.util.Optional<io.pgolab.parse.OutputParser> parser) {
        var spec = w.service().orElseThrow();
        io.pgolab.measure.ServiceExec exec = (serverCpu, clientCpu) -> {
            ServiceRun.Result r = ServiceRun.run(s.config, "bench-" + w.name() + "-" + a.variant(), spec, a.binary(),
                    w.env(), s.store.logs(), s.runner, w.timeout(), java.util.OptionalInt.of(serverCpu),
                    java.util.OptionalInt.of(clientCpu));
            return new io.pgolab.measure.ServiceExec.Outcome(r.stopped().measurement(), r.clientOutput(),
                    r.loadSeconds(spec.concurrent()));
        };
        return new Subject(a.variant(), Shell.bash(spec.server()), s.config.configDir(), w.env(), parser,
                java.util.Optional.of(exec));
    }

    private static List<Variant> baselineFirst(List<Variant> vs) {
        List<Variant> out = new ArrayList<>(vs);
        if (out.remove(Variant.RELEASE)) {
            out.add(0, Variant.RELEASE);
        }
        return out;
    }
}
