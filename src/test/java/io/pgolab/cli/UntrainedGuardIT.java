package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * [toolchain] partial_training, on by default, with the real compilers: training runs path_a only, the
 * bench runs path_b only (bench/partial/paths.c). With the guard, path_b in the pgo build is release's code
 * (the same instructions, only addresses differ; for gcc thanks to -fprofile-partial-training and the -O2
 * vectorizer pin); without it (partial_training = false) path_b is optimized for size, which is what makes the
 * test able to fail. The gcc bench finds pgo no slower than release on path_b with the guard, and slower
 * without it.
 */
class UntrainedGuardIT {
    @TempDir
    Path tmp;

    @Test
    void clangCompilesCodeTrainingNeverRanAsRelease() throws Exception {
        Tool.require(ToolLocator.onPath("clang-19").isPresent() && ToolLocator.onPath("llvm-profdata-19").isPresent(),
                "clang-19 and llvm-19");
        Path p = project("clang");
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.all()).contains("partial training: 1 of", "never ran in training: compiled without profile, as in release")
                .contains("0 mismatched, 0 missing");   // the left-out path_b is not counted as missing
        List<String> release = code(binary(p, "release"), "path_b");
        List<String> guarded = code(binary(p, "pgo"), "path_b");
        assertThat(guarded).as("path_b with the guard").isEqualTo(release);
        assertThat(code(binary(p, "pgo"), "path_a")).as("path_a keeps its profile").isNotEqualTo(code(binary(p, "release"), "path_a"));

        unguarded(p);
        Cli.Result off = Cli.run(p, "build");
        assertThat(off.exitCode()).as(off.all()).isZero();
        assertThat(off.err()).contains("build pgo: rebuilding");
        assertThat(off.all()).doesNotContain("partial training:");
        List<String> sizeOptimized = code(binary(p, "pgo"), "path_b");
        assertThat(sizeOptimized.size()).as("path_b without the guard").isLessThan(release.size());
    }

    @Test
    void gccKeepsCodeTrainingNeverRanAtLeastAtReleaseQuality() throws Exception {
        Tool.require(ToolLocator.onPath("gcc").isPresent() && ToolLocator.onPath("valgrind").isPresent(), "gcc and valgrind");
        Path p = project("gcc");
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        // every profile-use compile at -O2 got the partial-training flag and the -O2 vectorizer pin, as run
        assertThat(Files.readString(p.resolve(".pgolab/logs/audit-pgo.log")).lines().filter(l -> l.contains("\t-O2\t")))
                .isNotEmpty().allMatch(l -> l.contains("\t-fprofile-partial-training") && l.contains("\t-fvect-cost-model=very-cheap"));
        assertThat(Files.readString(p.resolve(".pgolab/logs/audit-instrumented.log"))).doesNotContain("very-cheap");
        List<String> release = code(binary(p, "release"), "path_b");
        assertThat(code(binary(p, "pgo"), "path_b")).as("path_b with the guard").isEqualTo(release);
        assertThat(code(binary(p, "pgo"), "path_a")).as("path_a keeps its profile").isNotEqualTo(code(binary(p, "release"), "path_a"));

        // Timed (CPU time, interleaved): pgo is no slower than release on the path training never ran.
        assertThat(cpuTimeVerdict(p, "guarded")).isNotEqualTo("regressed");

        unguarded(p);
        Cli.Result off = Cli.run(p, "build");
        assertThat(off.exitCode()).as(off.all()).isZero();
        assertThat(off.err()).contains("build pgo: rebuilding");
        assertThat(code(binary(p, "pgo"), "path_b").size()).as("path_b without the guard").isLessThan(release.size());
        assertThat(cpuTimeVerdict(p, "unguarded")).as("the loss the guard prevents").isEqualTo("regressed");
    }

    @Test
    void gccDoesNotUnrollCodeTrainingNeverRanWhereReleaseDoesNot() throws Exception {
        Tool.require(ToolLocator.onPath("gcc").isPresent(), "gcc");
        // At -O3 -fprofile-use turns on -funroll-loops for every function: path_b, never trained, was unrolled
        // (210 instructions against release's 151 with GCC 12.2); the guard's -fno-unroll-loops keeps release's.
        Path p = project("gcc");
        Path config = p.resolve("pgolab.toml");
        Files.writeString(config, Files.readString(config).replace("{cc} -O2 {cflags}", "{cc} -O3 {cflags}"));
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(Files.readString(p.resolve(".pgolab/logs/audit-pgo.log")).lines().filter(l -> l.contains("\t-O3\t")))
                .isNotEmpty().allMatch(l -> l.contains("\t-fno-unroll-loops"));
        assertThat(code(binary(p, "pgo"), "path_b")).as("path_b at -O3 with the guard")
                .isEqualTo(code(binary(p, "release"), "path_b"));

        // A project that unrolls in its own release keeps unrolling in pgo: its choice, not the guard's.
        Files.writeString(config, Files.readString(config).replace("{cc} -O3 {cflags}", "{cc} -O3 -funroll-loops {cflags}"));
        Cli.Result own = Cli.run(p, "build");
        assertThat(own.exitCode()).as(own.all()).isZero();
        assertThat(Files.readString(p.resolve(".pgolab/logs/audit-pgo.log"))).contains("\t-funroll-loops")
                .doesNotContain("-fno-unroll-loops");
    }

    private String cpuTimeVerdict(Path p, String name) throws Exception {
        Path json = tmp.resolve(name + ".json");
        Cli.Result b = Cli.run(p, "bench", "--max-time", "30s", "--no-training-check", "--json", json.toString());
        assertThat(b.exitCode()).as(b.all()).isZero();
        for (var w : Json.MAPPER.readTree(json.toFile()).get("workloads")) {
            for (var c : w.get("comparisons")) {
                if (c.get("metric").asText().equals("cpu_time")) {
                    return c.get("verdict").asText();
                }
            }
        }
        throw new AssertionError("no cpu_time comparison in " + json);
    }

    @Test
    void rustcCompilesCodeTrainingNeverRanAsRelease() throws Exception {
        Tool.assumeHere(ToolLocator.onPath("cargo").isPresent() && ToolLocator.onPath("rustc").isPresent(), "no cargo/rustc");
        Tool.assumeHere(System.getenv("RUSTFLAGS") == null && System.getenv("CARGO_ENCODED_RUSTFLAGS") == null,
                "RUSTFLAGS set in the environment");
        Tool.require(ToolLocator.onPath("llvm-profdata-19").isPresent(), "llvm-19");
        Path p = tmp.resolve("cargo");
        Files.createDirectories(p.resolve("src"));
        Files.writeString(p.resolve("Cargo.toml"), """
                [package]
                name = "paths"
                version = "0.1.0"
                edition = "2021"
                """);
        Files.writeString(p.resolve("src/main.rs"), RUST_PATHS);
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                name = "paths"
                variants = ["release", "pgo"]

                [toolchain]
                kind = "cargo"

                [build]
                bins = ["paths"]

                [[train]]
                name = "path-a"
                command = "{binary} a 300"
                """);
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.all()).contains("never ran in training: compiled without profile, as in release");
        String pathB = symbol(binary(p, "release"), "path_b");
        assertThat(code(binary(p, "pgo"), symbol(binary(p, "pgo"), "path_b"))).as("path_b with the guard")
                .isEqualTo(code(binary(p, "release"), pathB));
    }

    /** The mangled name of the Rust function paths::NAME in binary. */
    private static String symbol(Path binary, String name) {
        Exec.Result r = Exec.capture(null, List.of("nm", binary.toString()));
        return r.output().lines().map(l -> l.substring(l.lastIndexOf(' ') + 1))
                .filter(s -> s.contains("5paths") && s.contains(name.length() + name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " not in " + binary));
    }

    static final String RUST_PATHS = """
            static mut DATA: [u32; 8192] = [0; 8192];
            fn fill(mut seed: u32) {
                for i in 0..8192 {
                    seed = seed.wrapping_mul(1664525).wrapping_add(1013904223);
                    unsafe { DATA[i] = seed >> 8; }
                }
            }
            #[inline(never)]
            pub fn path_a(reps: u32) -> u64 {
                let mut s = 0u64;
                for r in 0..reps {
                    for i in 0..8192 {
                        let x = unsafe { DATA[i] } ^ r;
                        if x & 1 == 1 { s += (x >> 3) as u64 } else { s ^= x.wrapping_mul(2654435761) as u64 }
                    }
                }
                s
            }
            #[inline(never)]
            pub fn path_b(reps: u32) -> u64 {
                let mut s = 0u64;
                for r in 0..reps {
                    let mut acc = 0u32;
                    for i in 0..8192 {
                        let x = unsafe { DATA[i] }.wrapping_add(r);
                        acc = acc.wrapping_add(x / 10 + x % 1000 + (x / 7) % 13);
                    }
                    s += acc as u64;
                }
                s
            }
            fn main() {
                let a: Vec<String> = std::env::args().collect();
                let reps: u32 = a[2].parse().unwrap();
                fill(12345);
                let s = if a[1] == "b" { path_b(reps) } else { path_a(reps) };
                println!("{} {}", a[1], s);
            }
            """;

    private Path project(String kind) throws Exception {
        Path p = tmp.resolve(kind);
        Files.createDirectories(p);
        Files.copy(Path.of("bench/partial/paths.c"), p.resolve("paths.c"));
        String config = Files.readString(Path.of("bench/partial/pgolab-partial.toml"))
                .replace("kind = \"gcc\"", "kind = \"" + kind + "\"")
                .replace("partial_training = true        # the only difference from pgolab.toml\n", "")
                .replace("command = \"{binary} b 20000\"", "command = \"{binary} b 2000\"");
        assertThat(config).doesNotContain("\npartial_training");   // the default is what is tested
        Files.writeString(p.resolve("pgolab.toml"), config);
        return p;
    }

    private static void unguarded(Path p) throws Exception {
        Path config = p.resolve("pgolab.toml");
        String text = Files.readString(config);
        Files.writeString(config, text.replaceFirst("(kind = \"[a-z]+\"\n)", "$1partial_training = false\n"));
    }

    private static Path binary(Path project, String variant) throws Exception {
        return Path.of(Json.MAPPER.readTree(project.resolve(".pgolab/variants/" + variant + ".json").toFile())
                .get("binary").asText());
    }

    /** A function's instructions, without addresses, encodings and symbol offsets. */
    static List<String> code(Path binary, String function) {
        Exec.Result r = Exec.capture(null, List.of("objdump", "-d", "--no-show-raw-insn", binary.toString()));
        assertThat(r.ok()).as(r.output()).isTrue();
        boolean in = false;
        List<String> out = new java.util.ArrayList<>();
        for (String line : r.output().split("\n")) {
            if (line.endsWith("<" + function + ">:")) {
                in = true;
            } else if (in && line.isBlank()) {
                break;
            } else if (in) {
                out.add(line.replaceFirst("^\\s*[0-9a-f]+:\\s*", "").replaceAll("[0-9a-f]{4,} <[^>]*>", "")
                        .replaceAll("0x[0-9a-f]+\\(%rip\\)", "X(%rip)").strip());
            }
        }
        assertThat(out).as(function + " in " + binary).isNotEmpty();
        return out;
    }
}
