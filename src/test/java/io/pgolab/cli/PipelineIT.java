package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.process.Exec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The real gcc and clang pipelines, end to end, on a small C program. */
class PipelineIT {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"clang", "gcc"})
    void buildsTrainsAndUsesTheProfile(String kind) throws Exception {
        Path p = TinyProject.create(tmp.resolve(kind), kind, "\"release\", \"pgo\", \"pgo+lto\"",
                TinyProject.train("hot", "{binary} run 3000000") + TinyProject.train("short", "{binary} run 1000"));
        Cli.Result r = Cli.run(p, "build", "--json", tmp.resolve(kind + "-build.json").toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("release", "pgo+lto", "instrumented", "PGO build cost");

        // Each training workload kept its own profile; the merged one is named by its content hash.
        Path profiles = p.resolve(".pgolab/profiles");
        try (var s = Files.list(profiles)) {
            assertThat(s.map(x -> x.getFileName().toString())).anyMatch(n -> n.matches("merged-[0-9a-f]{12}(\\.profdata)?"));
        }

        // The hot function has counts in the merged profile; the never-called one has none.
        Cli.Result prof = Cli.run(p, "profile", "--top", "3");
        assertThat(prof.exitCode()).as(prof.all()).isZero();
        assertThat(prof.out()).contains("hot_loop").contains("0 mismatched").doesNotContain("STALE");
        assertThat(prof.out()).containsPattern("coverage +\\d+ of \\d+ instrumented functions");

        // The optimized build read the profile: no missing-profile warning for hot.c or hot_loop.
        String log = Files.readString(p.resolve(".pgolab/logs/build-pgo.log"));
        assertThat(log).contains("-fprofile-use=").doesNotContain("profile count data file not found")
                .doesNotContain("no profile data available for function hot_loop");

        // Same output from every variant.
        String json = Files.readString(tmp.resolve(kind + "-build.json"));
        assertThat(json).contains("\"build_seconds\"", "\"binary_bytes\"", "\"pgo_extra_build_seconds\"");
        var tree = io.pgolab.util.Json.MAPPER.readTree(json);
        String expected = null;
        for (var v : tree.get("variants")) {
            if (v.get("phase").asText().equals("instrument")) {
                continue;
            }
            String out = Exec.capture(null, List.of(v.get("binary").asText(), "run", "3000000")).output();
            if (expected == null) {
                expected = out;
            }
            assertThat(out).startsWith("result=").isEqualTo(expected);
        }

        // A second build with nothing changed rebuilds nothing.
        Cli.Result again = Cli.run(p, "build");
        assertThat(again.exitCode()).isZero();
        assertThat(again.err()).contains("build release: up to date", "training: up to date", "build pgo: up to date")
                .doesNotContain("==> build release: " + kind);

        // A source change rebuilds, and the old profile is reported stale.
        Files.writeString(p.resolve("hot.c"), TinyProject.SOURCE.replace("i % 7", "i % 5"));
        Cli.Result stale = Cli.run(p, "profile");
        assertThat(stale.out()).contains("STALE");
    }

    /**
     * The build's CPU time is that of its whole process tree: make -j2 runs two targets, each burning 0.5 s of
     * its own CPU time (clock()), beside the compile; the build's CPU is at least their sum, whatever the load
     * (on one CPU its wall time is longer than that, on two it may be shorter).
     */
    @Test
    void buildCpuTimeCoversWhatMakeRanInParallel() throws Exception {
        Path burn = tmp.resolve("burn");
        Files.writeString(tmp.resolve("burn.c"), "#include <stdlib.h>\n#include <time.h>\nint main(int c, char **v) {"
                + " double s = atof(v[1]); volatile unsigned long x = 0;"
                + " while ((double) clock() / CLOCKS_PER_SEC < s) x++; return 0; }\n");
        Exec.Result cc = Exec.capture(null, List.of("gcc", "-O1", "-o", burn.toString(), tmp.resolve("burn.c").toString()));
        assertThat(cc.exitCode()).as(cc.output()).isZero();
        Path p = TinyProject.create(tmp.resolve("mk"), "clang", "\"release\"", TinyProject.train("t", "{binary} run 10"));
        Files.writeString(p.resolve("Makefile"), "burn1:\n\t" + burn + " 0.5\nburn2:\n\t" + burn + " 0.5\n");
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml")).replace(
                "command = \"{cc}", "command = \"make -j2 -f {srcdir}/Makefile burn1 burn2 && {cc}"));
        Cli.Result r = Cli.run(p, "build", "--json", "b.json");
        assertThat(r.exitCode()).as(r.all()).isZero();
        var v = io.pgolab.util.Json.MAPPER.readTree(p.resolve("b.json").toFile()).get("variants").get(0);
        double cpu = v.get("build_cpu_seconds").asDouble();
        double wall = v.get("build_seconds").asDouble();
        assertThat(cpu).as("CPU of both burners and the compile (wall %s s)", wall).isGreaterThanOrEqualTo(1.0).isLessThan(30);
        assertThat(v.get("load_avg").get("start").asDouble()).isGreaterThanOrEqualTo(0);
        assertThat(v.get("load_avg").get("end").asDouble()).isGreaterThanOrEqualTo(0);
        // the table has it beside the wall time, and the manifest keeps it for later (cached) reports
        assertThat(r.out()).containsPattern("release +\\d+\\.\\ds +\\d+\\.\\ds ");
        Cli.Result again = Cli.run(p, "build", "--json", "c.json");
        var cached = io.pgolab.util.Json.MAPPER.readTree(p.resolve("c.json").toFile()).get("variants").get(0);
        assertThat(cached.get("cached").asBoolean()).isTrue();
        assertThat(cached.get("build_cpu_seconds").asDouble()).isEqualTo(cpu);
    }
}
