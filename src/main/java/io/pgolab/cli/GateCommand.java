package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.bench.BenchWorkload;
import io.pgolab.bench.Gate;
import io.pgolab.bench.GateResult;
import io.pgolab.bench.ProjectWorkloads;
import io.pgolab.bench.SamePrograms;
import io.pgolab.config.Config;
import io.pgolab.config.GateSpec;
import io.pgolab.config.Variant;
import io.pgolab.measure.HostInfo;
import io.pgolab.report.Results;
import io.pgolab.report.files.Exports;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.store.Worktrees;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.util.Text;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "gate", mixinStandardHelpOptions = true,
        description = {"Bench a commit against its base: the gated variants of both are built in git worktrees.",
                "Each commit is trained on its own [[train]] workloads; both are measured interleaved on every [[bench]] workload.",
                "Each bounded metric is within bounds when even its 95%% CI's worst end is no more than its bound worse.",
                "Exit 0: all measures within bounds; 1: one is out of bounds (or inconclusive, unless --inconclusive pass); 2: error."})
final class GateCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Mixin
    MeasureOptions opts;

    @Mixin
    WorkloadSelection selection;

    @Option(names = "--base", paramLabel = "REF", description = "The commit to compare with (branch, tag or SHA); required.")
    String base;

    @Option(names = "--prune", description = "Remove the gate's worktrees in .pgolab/gate/ (and git's records of them), then exit."
            + " A gate keeps the [gate] worktrees most recently used ones (default 4).")
    boolean prune;

    @Option(names = "--candidate", paramLabel = "REF", defaultValue = "HEAD",
            description = "The commit under test (default: HEAD, as committed; uncommitted changes are not gated).")
    String candidate;

    @Option(names = "--variants", paramLabel = "VARIANT", split = ",",
            description = "Variants to gate (default: [gate] variants, else release and pgo when configured).")
    List<String> variants = new ArrayList<>();

    @Option(names = "--inconclusive", paramLabel = "fail|pass",
            description = "What a measure whose CI straddles its bound does (default: [gate] inconclusive, else fail).")
    String inconclusive;

    @Option(names = "--measure-same", description = "Measure even when both commits build the same programs (the same"
            + " bytes, and only compile inputs differ); by default such a gate passes without measuring.")
    boolean measureSame;

    @Option(names = "--measure-all", description = "Measure every measure and workload to the end, even once one is out of bounds (by default the gate stops there: its verdict cannot change).") boolean measureAll;
    @Option(names = "--verdict", paramLabel = "FILE", description = "Write verdict.json: commits, host, bounds, every measure and its verdict. '-': stdout.")
    Path verdict;

    @Override
    public Integer call() {
        if (prune) {
            System.out.println(GateSides.pruneAll(parent.global.configFile(), Session.commandLog(parent.global)));
            return 0;
        }
        if (base == null) {
            throw new UserError("pgolab gate needs --base", "--base origin/main (the commit to compare with), or --prune");
        }
        opts.settings();
        GateSides sides = GateSides.prepare(parent.global.configFile(), base, candidate, Session.commandLog(parent.global),
                new Console(System.err)::note);
        Config candConfig = sides.candidateConfig();
        Worktrees.Commit baseCommit = sides.base();
        Worktrees.Commit candCommit = sides.candidate();
        List<String> notes = new ArrayList<>(sides.notes());
        GateSpec spec = candConfig.gate();
        List<Variant> gated = variants.isEmpty() ? spec.variants() : Variant.parseAll(variants);
        String policy = inconclusive == null ? spec.inconclusive() : inconclusive;
        if (!GateSpec.INCONCLUSIVE.contains(policy)) {
            throw new UserError("unknown --inconclusive '" + policy + "'", "--inconclusive fail (the default) or --inconclusive pass");
        }
        try (Session b = Session.open(sides.baseConfig(), parent.global); Session c = Session.open(candConfig, parent.global)) {
            ProjectWorkloads workloads = new ProjectWorkloads(c.bench(), Gate.runnableOnBase(candConfig.bench(),
                    selection.names, sides.baseConfig().build().artifacts().keySet(), notes));
            b.console.note("base " + Text.visible(baseCommit.ref()) + " = " + baseCommit.shortSha() + ", in " + b.config.root());
            List<BuiltArtifact> baseBuilt = b.pipeline().build(gated, false, FailureMode.FAIL).artifacts(gated);
            c.console.note("candidate " + Text.visible(candCommit.ref()) + " = " + candCommit.shortSha() + ", in " + c.config.root());
            List<BuiltArtifact> candBuilt = c.pipeline().build(gated, false, FailureMode.FAIL).artifacts(gated);
            baseBuilt.forEach(b.store::verify); candBuilt.forEach(c.store::verify);   // as each side's store sealed them
            List<String> names = gated.stream().map(Variant::name).toList();
            SamePrograms.Outcome same = sides.same(measureSame, names, baseBuilt, b.store, candBuilt, c.store, notes);
            Gate.Request req = new Gate.Request(baseCommit, candCommit, HostInfo.label(), sides.configPath(), names,
                    spec, policy, notes, sides.baseConfigBorrowed());
            if (same.same()) {
                GateResult g = GateResult.samePrograms(req, c.engine(opts, "gate").nothing("pgolab gate: "
                        + candConfig.name()), same.text());
                opts.exports(parent.global.workDir()).to(verdict, Exports.verdict()).write(Results.gate(c.source(), g));
                return 0;
            }
            List<BuiltArtifact> both = Gate.interleave(baseBuilt, candBuilt);
            List<BenchWorkload> ws = workloads.of(both, Gate.labels(names));
            GateResult g = Gate.run(c.engine(opts, "gate"), "pgolab gate: " + candConfig.name(), ws, candConfig.bench(), req,
                    opts.minEffect / 100, measureAll);
            opts.flamegraph |= spec.flamegraph(); // [gate] flamegraph = true, or --flamegraph
            g = g.withBench(opts.flamegraphs(c.bench(), g.bench(), ws, both));
            opts.exports(parent.global.workDir()).to(verdict, Exports.verdict()).write(Results.gate(c.source(), g));
            return g.passed() ? 0 : 1;
        }
    }
}
