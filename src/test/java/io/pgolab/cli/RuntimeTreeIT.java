package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A variant that is a runtime tree (issue 30, item 3): a program that loads its hot code from a module it finds
 * relative to itself (../lib/rt/mod.so, as CPython finds lib-dynload), installed with 'make install
 * DESTDIR={installdir}'. Every file of the tree is the variant's: built with its flags, profiled in training (the
 * module's counts are in the profile), published and checked on reuse, and run in place by the bench.
 */
class RuntimeTreeIT {
    static final String MAIN = """
            #include <dlfcn.h>
            #include <libgen.h>
            #include <limits.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include <unistd.h>
            int main(int argc, char **argv) {
                char self[PATH_MAX], mod[PATH_MAX + 32];
                ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
                if (n < 0) return 4;
                self[n] = 0;
                snprintf(mod, sizeof mod, "%s/../lib/rt/mod.so", dirname(self));
                void *h = dlopen(mod, RTLD_NOW);
                if (!h) { fprintf(stderr, "cannot load %s: %s\\n", mod, dlerror()); return 3; }
                long (*work)(long) = (long (*)(long)) dlsym(h, "work");
                if (!work) return 5;
                printf("%ld\\n", work(argc > 1 ? atol(argv[1]) : 1000));
                return 0;
            }
            """;
    static final String MOD = """
            long work(long n) {
                unsigned long s = 1;
                for (long i = 0; i < n; i++) {
                    if (i % 7 == 0) s = s * 31 + (unsigned long) i;
                    else if (i % 3 == 0) s ^= s >> 3;
                    else s += (unsigned long) i ^ (s << 1);
                }
                return (long) (s & 0xffff);
            }
            """;
    static final String MAKEFILE = """
            all: prog mod.so
            prog: $(SRC)/main.c
            \t$(CC) $(CFLAGS) -o prog $(SRC)/main.c $(LDFLAGS) -ldl
            mod.so: $(SRC)/mod.c
            \t$(CC) $(CFLAGS) -fPIC -c -o mod.o $(SRC)/mod.c
            \t$(CC) $(CFLAGS) -shared -o mod.so mod.o $(LDFLAGS)
            install: all
            \tmkdir -p $(DESTDIR)/usr/bin $(DESTDIR)/usr/lib/rt
            \tcp prog $(DESTDIR)/usr/bin/prog
            \tcp mod.so $(DESTDIR)/usr/lib/rt/mod.so
            \tln -s prog $(DESTDIR)/usr/bin/prog-link
            """;

    @TempDir
    Path tmp;

    @BeforeAll
    static void tools() {
        for (String t : List.of("clang-19", "llvm-profdata-19", "make")) {
            Tool.require(ToolLocator.onPath(t).isPresent(), t);
        }
    }

    private Path project(String dir, String artifact, String variants) throws Exception {
        Path p = Files.createDirectories(tmp.resolve(dir));
        Files.writeString(p.resolve("main.c"), MAIN);
        Files.writeString(p.resolve("mod.c"), MOD);
        Files.writeString(p.resolve("Makefile"), MAKEFILE);
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                name = "rt"
                variants = [%s]

                [toolchain]
                kind = "clang"
                cc = "clang-19"

                [build]
                command = "make -f {srcdir}/Makefile -C {builddir} SRC={srcdir} CC={cc} CFLAGS='-O2 {cflags}' LDFLAGS='{ldflags}' install DESTDIR={installdir}"
                artifact = "%s"

                [[train]]
                name = "typical"
                command = "{binary} 3000000"

                [[bench]]
                name = "run"
                command = "{binary} 2000000"
                """.formatted(variants, artifact));
        return p;
    }

    @Test
    void theInstallTreeIsTheVariantProfiledPublishedCheckedAndRunInPlace() throws Exception {
        Path p = project("tree", "{installdir}/usr/bin/prog", "\"release\", \"pgo\"");
        Cli.Result build = Cli.run(p, "build", "--json", tmp.resolve("build.json").toString());
        assertThat(build.exitCode()).as(build.all()).isZero();
        // every link made a file of the variant: nothing said about files outside it
        assertThat(build.all()).contains("2 links").doesNotContain("outside the variant");

        Map<String, Path> bins = Map.of("release", binary(p, "release"), "pgo", binary(p, "pgo"));
        for (Path b : bins.values()) {
            assertThat(b.toString()).endsWith("/usr/bin/prog").contains("/.pgolab/bin/");
            Path tree = b.getParent().getParent();
            assertThat(tree.resolve("lib/rt/mod.so")).isRegularFile();
            // the link install wrote stays a link, relative, inside the published tree
            assertThat(Files.readSymbolicLink(tree.resolve("bin/prog-link"))).isEqualTo(Path.of("prog"));
            Exec.Result run = Exec.capture(null, null, Map.of(), List.of(b.toString(), "1000"), 30);
            assertThat(run.exitCode()).as(run.output()).isZero();
        }
        // the module is the variant's: built with the profile, not the same bytes as release's
        assertThat(Files.readAllBytes(module(bins.get("pgo"))))
                .isNotEqualTo(Files.readAllBytes(module(bins.get("release"))));

        // training ran the instrumented tree: the module's function has counts in the profile
        var record = Json.MAPPER.readTree(p.resolve(".pgolab/profiles/current.json").toFile());
        Exec.Result show = Exec.capture(null, null, Map.of(), List.of(ToolLocator.onPath("llvm-profdata-19").orElseThrow()
                .toString(), "show", "--all-functions", "--counts", record.get("profile").asText()), 60);
        assertThat(show.exitCode()).as(show.output()).isZero();
        String work = show.output().substring(show.output().indexOf("  work:"));
        assertThat(work).as(show.output()).containsPattern("Block counts: \\[[1-9]");

        // the bench runs each variant inside its own tree (the program exits 3 when it cannot load its module)
        Cli.Result bench = Cli.run(p, "bench", "--min-rounds", "5", "--max-rounds", "5", "--warmup", "0");
        assertThat(bench.exitCode()).as(bench.all()).isIn(0, 1);
        assertThat(bench.out()).contains("release", "pgo");

        // a file of the tree changed after the build: caught on reuse, and rebuilt
        Path mod = module(bins.get("pgo"));
        Files.write(mod, new byte[] {0}, java.nio.file.StandardOpenOption.APPEND);
        Cli.Result again = Cli.run(p, "build", "pgo");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.all()).contains("lib/rt/mod.so changed since it was built");
        Exec.Result run = Exec.capture(null, null, Map.of(), List.of(binary(p, "pgo").toString(), "1000"), 30);
        assertThat(run.exitCode()).as(run.output()).isZero();
    }

    @Test
    void aProgramAloneSaysWhichLinksAndCompilesStayOutsideTheVariant() throws Exception {
        Path p = project("flat", "{builddir}/prog", "\"release\"");
        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.all()).contains("1 of 2 links made files outside the variant (mod.so): 1 compile went only"
                + " into them, in no variant");
    }

    @Test
    void anInstallTreeIsCheckedInTheConfig() throws Exception {
        Path inside = project("bad1", "{builddir}/{installdir}/prog", "\"release\"");
        Cli.Result r = Cli.run(inside, "build");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("pgolab.toml", "build.artifact", "'{installdir}' can only start the artifact's path")
                .doesNotContain("Exception");
        Path bolt = project("bad2", "{installdir}/usr/bin/prog", "\"release\", \"pgo+bolt\"");
        Cli.Result b = Cli.run(bolt, "build");
        assertThat(b.exitCode()).isEqualTo(2);
        assertThat(b.err()).contains("project.variants", "BOLT of install trees is not supported").doesNotContain("Exception");
        Path outside = project("bad3", "{installdir}/../prog", "\"release\"");
        Cli.Result o = Cli.run(outside, "build");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.err()).contains("is not a file inside the install tree").doesNotContain("Exception");
    }

    private static Path module(Path binary) {
        return binary.getParent().getParent().resolve("lib/rt/mod.so");
    }

    /** The variant's program, as its record in .pgolab/variants/ names it. */
    private static Path binary(Path project, String variant) throws Exception {
        var a = Json.MAPPER.readTree(project.resolve(".pgolab/variants/" + variant + ".json").toFile());
        return Path.of(a.get("binary").asText());
    }
}
