package io.pgolab.bench;

import io.pgolab.config.Template;
import io.pgolab.config.Variant;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.pipeline.PipelineOutcome;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.workload.ShellRunner;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What each ladder step costs besides its gain: pipeline time, and how much slower training ran instrumented. */
public final class LadderCosts {
    private LadderCosts() {
    }

    /**
     * How much slower the instrumented binary ran its training workloads than release: the recorded
     * training run against one release run of each command workload.
     */
    public static List<Ladder.Slowdown> trainingSlowdown(BenchContext c, PipelineOutcome o, List<BuiltArtifact> built) {
        List<Ladder.Slowdown> out = new ArrayList<>();
        Optional<BuiltArtifact> release = built.stream().filter(a -> a.variantIs(Variant.RELEASE)).findFirst();
        if (release.isEmpty()) {
            return out;
        }
        Map<String, ProfileRecord.WorkloadRun> runs = new LinkedHashMap<>();
        o.profiles().values().forEach(p -> p.workloads().forEach(run -> runs.putIfAbsent(run.name(), run)));
        for (ProfileRecord.WorkloadRun run : runs.values()) {
            WorkloadSpec w = c.config().trainWorkload(run.name()).orElse(null);
            // Services are not rerun; a command that names the profile file ({profile}) has no plain form.
            if (w == null || w.isService() || run.cpuSeconds() <= 0
                    || !Collections.disjoint(Template.placeholders(w.command()), List.of("profile", "profile_dir"))) {
                continue;
            }
            c.events().started("training slowdown " + w.name(), "one run of release");
            ShellRunner.Outcome r = c.runner().run(c.config().workloadCommand(w, release.get().binary()),
                    c.config().configDir(), w.env(), w.timeout(), c.store().logs().resolve("ladder-release-" + w.name() + ".log"));
            if (r.ok() && r.measurement().cpuSeconds() > 0) {
                out.add(new Ladder.Slowdown(w.name(), run.cpuSeconds(), r.measurement().cpuSeconds()));
            }
        }
        return out;
    }

    /** Per step, the wall time of its training runs: the profile set's, plus the context-sensitive round's. */
    public static Map<String, Double> trainingSeconds(PipelineOutcome o, List<Variant> steps, List<BuiltArtifact> built) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            Variant v = steps.get(i);
            ProfileRecord p = v.pgo() ? o.profiles().get(v.profileSet()) : null;
            var cs = o.csRounds().get(v.name());
            double t = (p == null ? 0 : p.trainingWallSeconds()) + (cs == null ? 0 : cs.profile().trainingWallSeconds());
            out.put(built.get(i).variant(), t);
        }
        return out;
    }

    /**
     * pipelineSeconds in CPU time: each build's CPU (user + system of its processes), the training workloads' CPU,
     * and the merge by its wall time (its CPU is not measured). A step any of whose builds has no recorded CPU time
     * (built by an older pgolab, a BOLT rewrite, a jvm build) is left out: unknown, not a smaller figure.
     */
    public static Map<String, Double> pipelineCpuSeconds(PipelineOutcome o, List<Variant> steps, List<BuiltArtifact> built) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            Variant v = steps.get(i);
            BuiltArtifact a = built.get(i);
            ProfileRecord p = v.pgo() ? o.profiles().get(v.profileSet()) : null;
            var cs = o.csRounds().get(v.name());
            List<Optional<Double>> builds = new ArrayList<>(List.of(a.cpuSeconds()));
            double more = 0;
            if (p != null) {
                builds.add(o.instrumented().flatMap(b -> b.artifact().cpuSeconds()));
                more += p.mergeSeconds() + trainingCpu(p);
            }
            if (cs != null) {
                builds.add(cs.instrumented().artifact().cpuSeconds());
                more += cs.profile().mergeSeconds() + trainingCpu(cs.profile());
            }
            if (builds.stream().allMatch(Optional::isPresent)) {
                out.put(a.variant(), builds.stream().mapToDouble(Optional::get).sum() + more);
            }
        }
        return out;
    }

    private static double trainingCpu(ProfileRecord p) {
        return p.workloads().stream().mapToDouble(ProfileRecord.WorkloadRun::cpuSeconds).sum();
    }

    /**
     * Per step: its own build plus, for profile-guided steps, what its profile set cost before the
     * optimized build (instrumented build, training wall time, merge), and for context-sensitive PGO its
     * second round too (the build instrumented on top of the profile, its training and merge).
     */
    public static Map<String, Double> pipelineSeconds(PipelineOutcome o, List<Variant> steps, List<BuiltArtifact> built) {
        double instr = o.instrumented().map(i -> i.artifact().buildSeconds()).orElse(0.0);
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < steps.size(); i++) {
            Variant v = steps.get(i);
            BuiltArtifact a = built.get(i);
            ProfileRecord p = v.pgo() ? o.profiles().get(v.profileSet()) : null;
            var cs = o.csRounds().get(v.name());
            out.put(a.variant(), a.buildSeconds() + (p == null ? 0 : instr + p.mergeSeconds() + p.trainingWallSeconds())
                    + (cs == null ? 0 : cs.seconds()));
        }
        return out;
    }
}
