package io.pgolab.report;

import io.pgolab.pipeline.BoltStage;
import io.pgolab.pipeline.BuildStage;
import io.pgolab.pipeline.BuiltArtifact;
import io.pgolab.pipeline.Pipeline;
import io.pgolab.pipeline.ProfileRecord;
import io.pgolab.util.Strings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What a build cost: per-variant build time and size, training time, and PGO's extra build time. */
public final class BuildReport {
    private BuildReport() {
    }

    public static String text(Pipeline.Outcome o) {
        StringBuilder s = new StringBuilder();
        s.append(String.format("%-14s %10s %12s  %s%n", "variant", "build", "binary", "profile use"));
        List<BuildStage.Result> rows = new ArrayList<>(o.builds());
        o.instrumented().ifPresent(i -> rows.add(i));
        for (BuildStage.Result r : rows) {
            BuiltArtifact a = r.artifact();
            String prof = a.phase().equals("optimize") && !a.profileCheck().isEmpty() ? a.profileCheck()
                    : a.phase().equals("optimize")
                    ? a.profileMismatched() + " mismatched, " + a.profileMissing() + " missing"
                    : a.phase().equals("instrument") ? "(writes profiles)"
                    : a.phase().equals("bolt") ? BoltStage.report(a).map(BuildReport::boltNote).orElse("BOLT") : "-";
            s.append(String.format("%-14s %9.1fs %12s  %s%s%n", a.variant(), a.buildSeconds(),
                    Strings.humanBytes(a.binaryBytes()), prof, r.cached() ? "  [cached]" : ""));
        }
        o.profiles().forEach((set, p) -> {
            s.append(set.isEmpty() ? "training:" : "training @" + set + ":");
            for (ProfileRecord.WorkloadRun w : p.workloads()) {
                s.append(String.format(" %s %.2fs", w.name(), w.wallSeconds()));
            }
            s.append(String.format("; merge %.2fs; profile %s (%s)%n", p.mergeSeconds(),
                    java.nio.file.Path.of(p.profile()).getFileName(), Strings.humanBytes(p.bytes())));
        });
        pgoExtraSeconds(o).ifPresent(x -> s.append(String.format(
                "PGO build cost: %.1fs %s than release (instrumented build + training + merge + optimized build)%n",
                Math.abs(x), x < 0 ? "less" : "more")));
        return s.toString();
    }

    static String boltNote(BoltStage.Report b) {
        return "BOLT (" + b.mode() + "): " + b.coverage() + (b.skipped().isEmpty() ? ""
                : "; skipped " + String.join(", ", b.skipped()));
    }

    /** Extra wall time of the pgo pipeline over a release build, from recorded stage times. */
    public static Optional<Double> pgoExtraSeconds(Pipeline.Outcome o) {
        Optional<BuildStage.Result> rel = o.build("release");
        Optional<BuildStage.Result> pgo = o.build("pgo");
        if (rel.isEmpty() || pgo.isEmpty() || o.instrumented().isEmpty() || o.profile().isEmpty()) {
            return Optional.empty();
        }
        double training = o.profile().get().workloads().stream().mapToDouble(ProfileRecord.WorkloadRun::wallSeconds).sum();
        double total = o.instrumented().get().artifact().buildSeconds() + training + o.profile().get().mergeSeconds()
                + pgo.get().artifact().buildSeconds();
        return Optional.of(total - rel.get().artifact().buildSeconds());
    }

    static List<Map<String, Object>> workloadsJson(List<ProfileRecord.WorkloadRun> runs) {
        List<Map<String, Object>> ws = new ArrayList<>();
        for (ProfileRecord.WorkloadRun w : runs) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("name", w.name());
            x.put("command", w.command());
            x.put("wall_seconds", w.wallSeconds());
            x.put("cpu_seconds", w.cpuSeconds());
            x.put("raw_files", w.rawFiles());
            x.put("raw_bytes", w.rawBytes());
            ws.add(x);
        }
        return ws;
    }

    /** The same facts for the results JSON (see docs/results-schema.md). */
    public static Map<String, Object> json(Pipeline.Outcome o) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Map<String, Object>> variants = new ArrayList<>();
        List<BuildStage.Result> rows = new ArrayList<>(o.builds());
        o.instrumented().ifPresent(rows::add);
        for (BuildStage.Result r : rows) {
            BuiltArtifact a = r.artifact();
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("name", a.variant());
            v.put("phase", a.phase());
            v.put("build_seconds", a.buildSeconds());
            v.put("binary_bytes", a.binaryBytes());
            v.put("binary_sha256", a.binarySha256().orElse(""));
            v.put("binary", a.binary());
            v.put("cached", r.cached());
            v.put("profile_sha256", a.profileSha256());
            v.put("profile_mismatched", a.profileMismatched());
            v.put("profile_missing", a.profileMissing());
            v.put("profile_check", a.profileCheck());
            v.put("build_command", a.command());
            if (a.phase().equals("bolt")) {
                BoltStage.report(a).ifPresent(b -> v.put("bolt", b));
            }
            variants.add(v);
        }
        m.put("variants", variants);
        List<Map<String, Object>> sets = new ArrayList<>();
        o.profiles().forEach((set, p) -> {
            Map<String, Object> t = new LinkedHashMap<>();
            t.put("profile_set", set);
            t.put("workloads", workloadsJson(p.workloads()));
            t.put("merge_seconds", p.mergeSeconds());
            t.put("profile", p.profile());
            t.put("profile_sha256", p.sha256());
            t.put("profile_bytes", p.bytes());
            t.put("dropped", p.dropped());
            t.put("trained_now", o.trained());
            sets.add(t);
        });
        if (!sets.isEmpty()) {
            m.put("training", sets.get(0));
            m.put("profile_sets", sets);
        }
        pgoExtraSeconds(o).ifPresent(x -> m.put("pgo_extra_build_seconds", x));
        return m;
    }
}
