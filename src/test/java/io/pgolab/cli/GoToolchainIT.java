package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.process.Exec;
import io.pgolab.util.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The go toolchain on a tiny Go program written for the tests (src/test/resources/go/tiny): build
 * release, profile it with -cpuprofile on two weighted workloads, merge, build pgo, check the
 * binary with 'go version -m', and each training failure's own message.
 */
class GoToolchainIT {
    static final String GO = Files.isExecutable(Path.of("/usr/local/go/bin/go")) ? "/usr/local/go/bin/go" : "go";

    @TempDir
    Path tmp;

    static Path project(Path dir, String toolchainExtra, String buildExtra, String train) throws IOException {
        Path src = Path.of("src/test/resources/go/tiny").toAbsolutePath();
        try (Stream<Path> s = Files.walk(src)) {
            for (Path f : s.toList()) {
                Path t = dir.resolve(src.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t);
                }
            }
        }
        Files.writeString(dir.resolve("pgolab.toml"), """
                [project]
                name = "tiny"
                exclude = ["out/**"]

                [toolchain]
                kind = "go"
                go = "%s"
                %s

                [build]
                %s

                %s

                [[bench]]
                name = "mixed"
                command = "{binary} -mode=sort -n 100000"
                """.formatted(GO, toolchainExtra, buildExtra, train));
        return dir;
    }

    static final String TWO_WORKLOADS = """
            [[train]]
            name = "hash"
            command = "{binary} -mode=hash"

            [[train]]
            name = "sort"
            command = "{binary} -mode=sort"
            weight = 2
            """;

    @Test
    void buildsReleaseProfilesItMergesWeightedAndBuildsPgoWithTheProfile() throws Exception {
        Path p = project(tmp.resolve("tiny"), "", "", TWO_WORKLOADS);
        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.out()).contains("go version -m: -pgo=")
                // compile audit through -toolexec; std packages may come from Go's build cache in release
                .containsPattern("audit: \\d+ packages( \\(\\d+ from Go's build cache\\))?, [1-9]\\d* compiles?, 1 link,"
                        + " all optimized, none with -pgoprofile\n")
                .containsPattern("audit: (\\d+) packages, \\1 compiles, 1 link, all optimized, \\1/\\1 with -pgoprofile\n");
        assertThat(Files.readString(p.resolve(".pgolab/logs/audit-pgo.log"))).contains("-pgoprofile=");

        var release = Json.MAPPER.readTree(p.resolve(".pgolab/variants/release.json").toFile());
        var instrumented = Json.MAPPER.readTree(p.resolve(".pgolab/variants/instrumented.json").toFile());
        var pgo = Json.MAPPER.readTree(p.resolve(".pgolab/variants/pgo.json").toFile());
        // The profiled binary is the release build itself: built once.
        assertThat(instrumented.get("binary").asText()).isEqualTo(release.get("binary").asText());
        assertThat(Files.readString(Path.of(release.get("build_log").asText()))).contains("-pgo=off");

        var profile = Json.MAPPER.readTree(p.resolve(".pgolab/profiles/current.json").toFile());
        String merged = profile.get("profile").asText();
        // what each workload put in: its samples alone, the repeat count (weight), its share of the merged samples
        var parts = profile.get("contributions");
        assertThat(parts).hasSize(2);
        assertThat(parts.get(1).get("weight").asLong()).isEqualTo(2);
        assertThat(parts.get(0).get("counts").asLong()).isPositive();
        assertThat(parts.get(0).get("share").asDouble() + parts.get(1).get("share").asDouble()).isCloseTo(1.0,
                org.assertj.core.api.Assertions.within(1e-9));
        String versionM = run(GO, "version", "-m", pgo.get("binary").asText());
        assertThat(versionM).contains("-pgo=" + merged);
        assertThat(run(GO, "version", "-m", release.get("binary").asText())).doesNotContain("-pgo=");

        // Weights: pprof sums samples, so merged = hash + 2 x sort.
        Path base = Path.of(merged).getParent();
        long hash = samples(rawProfile(base, "hash"));
        long sort = samples(rawProfile(base, "sort"));
        assertThat(samples(Path.of(merged))).isEqualTo(hash + 2 * sort);

        Cli.Result prof = Cli.run(p, "profile", "--top", "5");
        assertThat(prof.exitCode()).as(prof.all()).isZero();
        assertThat(prof.out()).contains("CPU samples", "main.", "go version -m: -pgo=").doesNotContain("STALE");

        Cli.Result again = Cli.run(p, "build");
        assertThat(again.out()).contains("[cached]").contains("with -pgoprofile");
        Files.writeString(p.resolve("extra.go"), "package main\n\nfunc unused() int { return 1 }\n");
        Cli.Result stale = Cli.run(p, "profile");
        assertThat(stale.out()).contains("STALE");
    }

    @Test
    void theUsersGoflagsFromTheEnvironmentAndConfigAreKept() throws Exception {
        Path p = project(tmp.resolve("flags"), "", "goflags = \"-trimpath\"\nldflags = \"-X main.ldtag=set\"",
                TWO_WORKLOADS.replace("weight = 2", ""));
        // A separate JVM, because the environment of this one cannot change.
        List<String> argv = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.pgolab.cli.Main", "-C", p.toString(), "build"));
        Exec.Result r = Exec.capture(null, p, Map.of("GOFLAGS", "-tags=pgolabtag"), argv, 600);
        assertThat(r.exitCode()).as(r.output()).isZero();
        var pgo = Json.MAPPER.readTree(p.resolve(".pgolab/variants/pgo.json").toFile());
        String bin = pgo.get("binary").asText();
        assertThat(run(bin)).contains("tag=on", "ld=set");
        // (with -trimpath, Go leaves -ldflags out of the build info)
        assertThat(run(GO, "version", "-m", bin)).contains("-tags=pgolabtag", "-trimpath=true", "-pgo=merged-");
    }

    @Test
    void aProgramWithoutTheFlagGetsItsOwnMessage() throws Exception {
        Path p = project(tmp.resolve("noflag"), "profile_flag = \"-cpuprof={profile}\"", "", TWO_WORKLOADS);
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).isNotZero();
        assertThat(r.err()).contains("training workload 'hash' failed with exit status 2", "flag provided but not defined",
                "does not accept the profile flag '-cpuprof={profile}'");
    }

    @Test
    void aProgramThatIgnoresTheFlagWritesNoProfileAndIsToldWhy() throws Exception {
        Path p = project(tmp.resolve("ignores"), "", "package = \"./cmd/noflag\"", TWO_WORKLOADS);
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).isNotZero();
        assertThat(r.err()).contains("training workload 'hash' ran, but the instrumented program wrote no profile",
                "pprof.StopCPUProfile", "-cpuprofile={profile}");
    }

    @Test
    void aCrashAndAnEarlyExitGetTheirOwnMessages() throws Exception {
        Path crash = project(tmp.resolve("crash"), "", "", "[[train]]\nname = \"boom\"\ncommand = \"{binary} -panic\"\n");
        Cli.Result r = Cli.run(crash, "build");
        assertThat(r.exitCode()).isNotZero();
        assertThat(r.err()).contains("training workload 'boom' failed with exit status 2", "panic: asked to crash",
                "the program crashed (Go panic");

        Path early = project(tmp.resolve("early"), "", "", "[[train]]\nname = \"early\"\ncommand = \"{binary} -exit-early\"\n");
        Cli.Result e = Cli.run(early, "build");
        assertThat(e.exitCode()).isNotZero();
        assertThat(e.err()).contains("wrote no profile", "os.Exit");
    }

    private static Path rawProfile(Path profiles, String workload) throws IOException {
        try (Stream<Path> s = Files.walk(profiles)) {
            // .pgolab/profiles/runs/<workload>-<key12>/raw/cpu.pprof
            return s.filter(f -> f.getFileName().toString().equals("cpu.pprof") && f.getParent().getParent().getFileName()
                    .toString().matches(java.util.regex.Pattern.quote(workload) + "-[0-9a-f]{12}")).findFirst().orElseThrow();
        }
    }

    private static long samples(Path profile) {
        String top = run(GO, "tool", "pprof", "-top", "-sample_index=samples", "-symbolize=none", profile.toString());
        var m = java.util.regex.Pattern.compile("Total samples = (\\d+)").matcher(top);
        assertThat(m.find()).as(top).isTrue();
        return Long.parseLong(m.group(1));
    }

    private static String run(String... argv) {
        Exec.Result r = Exec.capture(null, Path.of("."), Map.of(), List.of(argv), 120);
        assertThat(r.exitCode()).as(r.output()).isZero();
        return r.output();
    }
}
