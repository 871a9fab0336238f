package io.pgolab.report;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.Ladder;
import io.pgolab.bench.Potential;
import io.pgolab.measure.CampaignResult;
import io.pgolab.measure.CampaignSettings;
import io.pgolab.measure.MetricInfo;
import io.pgolab.measure.Run;
import io.pgolab.measure.Warning;
import io.pgolab.pipeline.PipelineOutcome;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import io.pgolab.store.BuildResult;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.ProfileSummary;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Fixed fake results (no processes): a bench of three variants on two workloads, its ladder, a build. */
public final class Fixtures {
    static final List<String> VARIANTS = List.of("release", "pgo", "pgo+lto");

    private Fixtures() {
    }

    public static CampaignSettings settings() {
        return new CampaignSettings(1, 6, 100, Duration.ofSeconds(30), 0.5, List.of(MetricInfo.CPU_TIME), 42L,
                Duration.ofMinutes(10), 1);
    }

    /** Per variant, a base value and a per-round wobble, so the verdicts differ (improved, regressed, inconclusive). */
    static CampaignResult campaign(double[] cpuBase, double[] opsBase, List<Warning> warnings) {
        Map<String, MetricInfo> metrics = new LinkedHashMap<>();
        metrics.put("cpu_time", new MetricInfo("cpu_time", "s", Direction.LOWER_IS_BETTER));
        metrics.put("wall_time", new MetricInfo("wall_time", "s", Direction.LOWER_IS_BETTER));
        metrics.put("max_rss", new MetricInfo("max_rss", "KiB", Direction.LOWER_IS_BETTER));
        metrics.put("ops_per_sec", new MetricInfo("ops_per_sec", "op/s", Direction.HIGHER_IS_BETTER));
        double[] wobble = {0.011, -0.007, 0.004, -0.013, 0.009, -0.002};
        List<Run> runs = new ArrayList<>();
        for (int round = 0; round < 6; round++) {
            for (int pos = 0; pos < 3; pos++) {
                int v = (pos + round) % 3;
                double w = 1 + wobble[(round + v) % 6];
                Map<String, Double> m = new LinkedHashMap<>();
                m.put("cpu_time", cpuBase[v] * w);
                m.put("wall_time", cpuBase[v] * w * 1.25);
                m.put("max_rss", 2048.0 + 16 * v + round % 2);
                m.put("ops_per_sec", opsBase[v] / w);
                runs.add(new Run(VARIANTS.get(v), round, pos, m));
            }
        }
        Map<String, String> outputs = new LinkedHashMap<>();
        VARIANTS.forEach(v -> outputs.put(v, "result=42"));
        return new CampaignResult(VARIANTS, runs, metrics, 6, 1,
                "target reached: widest primary CI ±0.41%", 12.5, 42L, warnings, outputs);
    }

    public static BenchResults bench() {
        CampaignResult loop = campaign(new double[] {0.200, 0.170, 2.5}, new double[] {1.0e6, 1.2e6, 0.9e6},
                List.of(new Warning(Warning.Kind.GOVERNOR, "CPU frequency governor is 'powersave', not 'performance'"),
                        new Warning(Warning.Kind.HIGH_VARIATION, "cpu_time of pgo varies a lot (CV 7.1%)")));
        CampaignResult server = campaign(new double[] {0.0501, 0.0500, 0.0499}, new double[] {52000, 51900, 52100},
                List.of());
        List<Comparison> lc = loop.compare("release", Map.of(), 0.01);
        List<Comparison> sc = server.compare("release", Map.of("ops_per_sec", 0.02), 0.01);
        Map<String, Potential> pot = new LinkedHashMap<>();
        pot.put("release", new Potential(61.5, 20.25, 18.25, 4012, "own code 61.5%, libraries 20.2%, kernel 18.2%"));
        pot.put("pgo", new Potential(58.0, 22.0, 20.0, 3990, "own code 58.0%, libraries 22.0%, kernel 20.0%"));
        return new BenchResults("pgolab bench: tiny", settings(), false, List.of(
                new BenchResults.WorkloadResult("loop", "{binary} run \"4000000\", `fast`", loop, lc, List.of("cpu_time")),
                new BenchResults.WorkloadResult("server", "{binary} --port {port}", server, sc,
                        List.of("cpu_time", "ops_per_sec"), pot)));
    }

    public static BenchResults deterministic() {
        BenchResults b = bench();
        return new BenchResults("A/A noise check: true", b.settings(), true, List.of(b.workloads().get(1)));
    }

    public static List<BuiltArtifact> built() {
        return List.of(
                artifact("release", "plain", 1.25, 16_384, ""),
                artifact("pgo", "optimize", 1.5, 17_000, "ab12"),
                artifact("pgo+lto", "optimize", 4.75, 15_900, "ab12"));
    }

    /** Built with make -j2 on a loaded machine: CPU 1.5 times the wall time, load 2 at the start and 3 at the end. */
    static BuiltArtifact artifact(String variant, String phase, double seconds, long bytes, String sha) {
        return new BuiltArtifact(variant, phase, "key-" + variant, "/p/.pgolab/bin/key/" + variant + "/hot", "/p/notes",
                bytes, seconds, sha, phase.equals("optimize") ? 1 : 0, phase.equals("optimize") ? 3 : 0,
                "/p/.pgolab/logs/" + variant + ".log", "cc -O2 -o hot hot.c", "2025-01-01T00:00:00Z", "", Map.of(),
                seconds * 1.5, new io.pgolab.store.BuildLoad(2, 3));
    }

    public static Ladder ladder() {
        Map<String, Double> pipeline = new LinkedHashMap<>();
        pipeline.put("pgo", 6.5);
        pipeline.put("pgo+lto", 9.75);
        Map<String, Double> cpu = new LinkedHashMap<>();   // the builds' CPU, 1.5 times their wall time, as artifact()
        cpu.put("release", 1.875);
        cpu.put("pgo", 9.75);
        cpu.put("pgo+lto", 14.625);
        return Ladder.of(bench(), built(), pipeline, Map.of(), cpu, List.of(new Ladder.Slowdown("hot", 0.9, 0.3)));
    }

    public static ProfileRecord profile() {
        return new ProfileRecord("tk", "ik", "/p/notes", "/p/.pgolab/profiles/merged-ab12.profdata", "ab12", 4096, 0.125,
                List.of(new ProfileRecord.WorkloadRun("hot", "/p/bin/hot run 30", 0.5, 0.375, 1, 2048, Map.of())),
                List.of(), "2025-01-01T00:00:00Z", "");
    }

    public static PipelineOutcome outcome() {
        List<BuildResult> builds = new ArrayList<>();
        for (BuiltArtifact a : built()) {
            builds.add(new BuildResult(a, a.variant().equals("release"),
                    new BuildDiagnostics(a.profileMismatched(), a.profileMissing(), List.of())));
        }
        BuiltArtifact inst = artifact("instrumented", "instrument", 1.75, 20_000, "");
        Map<String, ProfileRecord> profiles = new LinkedHashMap<>();
        profiles.put("", profile());
        return new PipelineOutcome(builds, Optional.of(new BuildResult(inst, false,
                new BuildDiagnostics(0, 0, List.of()))), profiles, true);
    }

    public static ProfileSummary summary() {
        return new ProfileSummary(12, 9, 123456, List.of(new ProfileSummary.HotFunction("/p/hot.c;hot_loop", 100000, 0.81),
                new ProfileSummary.HotFunction("main", 23456, 0.19)), 4096);
    }

    /**
     * Compares with src/test/resources/report/NAME; with -Dgolden.write=true (re)writes the file instead, which is
     * how the files were captured from the writers before the Exporter refactoring.
     */
    public static void golden(String name, String actual) {
        Path f = Path.of("src/test/resources/report").resolve(name);
        try {
            if (Boolean.getBoolean("golden.write")) {
                Files.createDirectories(f.getParent());
                Files.writeString(f, actual, StandardCharsets.UTF_8);
                return;
            }
            String expected = Files.readString(f, StandardCharsets.UTF_8);
            if (name.endsWith(".json")) {
                // the same keys, nesting, value types and values; the order of keys is not compared (some objects
                // were Map.of, whose order changes from one JVM to the next)
                org.assertj.core.api.Assertions.assertThat(io.pgolab.util.Json.MAPPER.readTree(actual)).as("golden file " + f)
                        .isEqualTo(io.pgolab.util.Json.MAPPER.readTree(expected));
            } else {
                org.assertj.core.api.Assertions.assertThat(actual).as("golden file " + f).isEqualTo(expected);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
