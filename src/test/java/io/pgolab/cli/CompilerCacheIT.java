package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.CompilerWrapper;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * build.compiler_cache = "ccache" with real clang 19 and Debian's ccache (issue 29, item 3): what is compiled alike
 * in two variants (a third party with its own fixed flags, as Dragonfly's ExternalProject ones) is compiled once;
 * what pgolab's flags reach is compiled per variant; a changed profile at the same path never reuses an object built
 * with the old one; the audit still sees every compile.
 */
class CompilerCacheIT {
    @TempDir
    Path tmp;

    private static final String MAIN = "#include <stdio.h>\nint third(int);\n"
            + "int main(int argc, char **argv) { long s = 0; for (int i = 0; i < 2000000 * argc; i++) s += third(i) + (i % 3 ? 1 : 2);"
            + " printf(\"%ld\\n\", s); return 0; }\n";
    private static final String THIRD = "int third(int i) { return i % 7 ? i ^ 3 : i * 2; }\n";

    /** A directory under tmp with main.c and third.c, once ccache and clang 19 are known to be here. */
    private Path sources(String name) throws Exception {
        Tool.require(ToolLocator.onPath("ccache").isPresent(), "ccache");
        Tool.require(ToolLocator.onPath("clang-19").isPresent(), "clang-19");
        Path p = Files.createDirectories(tmp.resolve(name));
        Files.writeString(p.resolve("main.c"), MAIN);
        Files.writeString(p.resolve("third.c"), THIRD);
        return p;
    }

    @Test
    void aThirdPartyWithItsOwnFlagsIsCompiledOnceAcrossVariantsAndTheAuditHolds() throws Exception {
        Path p = sources("proj");
        Path cacheDir = tmp.resolve("ccache");
        // third.c: fixed flags (pgolab's do not reach it), like an ExternalProject; main.c: pgolab's
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                variants = ["release", "lto", "pgo"]
                [toolchain]
                kind = "clang"
                cc = "clang-19"
                [build]
                command = "$CC -O2 -g -c third.c -o {builddir}/third.o && $CC -O2 -g {cflags} -c main.c -o {builddir}/main.o && $CC {ldflags} {builddir}/main.o {builddir}/third.o -o {builddir}/prog"
                artifact = "{builddir}/prog"
                compiler_cache = "ccache"
                allow = ["no-lto", "uninstrumented", "profile-loss"]
                env = { CCACHE_DIR = "%s" }
                [[train]]
                name = "run"
                command = "{binary} > /dev/null"
                """.formatted(cacheDir));
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        // release first: both compiles miss; lto: third.c hits; instrumented: main.c bypasses the cache, third.c hits;
        // pgo: third.c hits, main.c (with -fprofile-use) misses
        assertThat(r.out()).contains("compiler cache: 0 of 2 compiles hit", "compiler cache: 1 of 2 compiles hit",
                "compiler cache: 1 of 1 compiles hit (instrumented compiles bypass it)");
        assertThat(Files.readString(p.resolve(".pgolab/logs/ccache-pgo.log"))).contains("# ", "direct_cache_hit",
                "cache_miss");
        // main.c was link-time optimized, third.c not: said as it is, not as "no link-time optimization"
        assertThat(r.err()).contains("the lto build did link-time optimization of 1 of 2 file(s) only: 1 of 2 file(s)"
                + " compiled without -flto (third.c)");
        // the audit saw every compile, hit or miss
        assertThat(r.out()).containsPattern("audit: 2 compiles, 1 link.*1/2 with profile");

        // the same build again from the cache of pgolab (nothing compiled)
        Cli.Result again = Cli.run(p, "build");
        assertThat(again.exitCode()).as(again.all()).isZero();
    }

    @Test
    void aChangedProfileAtTheSamePathIsNeverAHit() throws Exception {
        Path d = sources("same-path");
        Exec.Result inst = Exec.capture(null, d, Map.of(), List.of("clang-19", "-O2", "-fprofile-generate", "main.c", "third.c", "-o", "inst"), 60);
        assertThat(inst.ok()).as(inst.output()).isTrue();
        for (String[] run : new String[][] {{"a", "./inst"}, {"b", "./inst x y z"}}) {
            Exec.Result t = Exec.capture(null, d, Map.of("LLVM_PROFILE_FILE", d.resolve(run[0] + ".profraw").toString()),
                    List.of("sh", "-c", run[1] + " > /dev/null"), 60);
            assertThat(t.exitCode()).as(t.output()).isZero();
            String merge = ToolLocator.onPath("llvm-profdata-19").map(Path::toString).orElse("/usr/lib/llvm-19/bin/llvm-profdata");
            Exec.Result m = Exec.capture(null, d, Map.of(), List.of(merge, "merge", "-o", run[0] + ".profdata", run[0] + ".profraw"), 60);
            assertThat(m.ok()).as(m.output()).isTrue();
        }
        CompilerWrapper.Paths w = CompilerWrapper.ensure();
        Path stats = d.resolve("stats.log");
        Map<String, String> env = Map.of("PGOLAB_REAL_CC", ToolLocator.onPath("clang-19").orElseThrow().toString(),
                "PGOLAB_COMPILER_CACHE", ToolLocator.onPath("ccache").orElseThrow().toString(),
                "CCACHE_DIR", d.resolve("cache").toString(), "CCACHE_STATSLOG", stats.toString());
        List<String> compile = List.of(w.cc().toString(), "-O2", "-fprofile-use=" + d.resolve("cur.profdata"), "-c", "main.c",
                "-o", "main.o");
        Files.copy(d.resolve("a.profdata"), d.resolve("cur.profdata"));
        for (int i = 0; i < 2; i++) {
            Exec.Result c = Exec.capture(null, d, env, compile, 60);
            assertThat(c.exitCode()).as(c.output()).isZero();
        }
        byte[] withA = Files.readAllBytes(d.resolve("main.o"));
        Files.copy(d.resolve("b.profdata"), d.resolve("cur.profdata"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Exec.Result c = Exec.capture(null, d, env, compile, 60);
        assertThat(c.exitCode()).as(c.output()).isZero();
        List<String> outcomes = Files.readAllLines(stats).stream()
                .filter(l -> l.equals("direct_cache_hit") || l.equals("cache_miss")).toList();
        // the first compile misses, the second (same profile) hits, the third (other profile, same path) misses
        assertThat(outcomes).containsExactly("cache_miss", "direct_cache_hit", "cache_miss");
        assertThat(Files.readAllBytes(d.resolve("main.o"))).as("the object built with the new profile").isNotEqualTo(withA);
        // an instrumented compile is never handed to the cache
        Exec.Result gen = Exec.capture(null, d, env, List.of(w.cc().toString(), "-O2", "-fprofile-generate", "-c", "main.c",
                "-o", "gen.o"), 60);
        assertThat(gen.exitCode()).as(gen.output()).isZero();
        assertThat(Files.readAllLines(stats).stream().filter(l -> l.startsWith("# ")).count()).isEqualTo(3);
    }
}
