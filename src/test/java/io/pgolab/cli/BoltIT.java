package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.process.Exec;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** BOLT variants with the real llvm-bolt, merge-fdata and perf2bolt, and their known failures. */
class BoltIT {
    @TempDir
    Path tmp;

    /** An interpreter loop with computed gotos: in a PIE, BOLT 19 cannot rewrite interp and says so. */
    static final String COMPUTED_GOTO = """
            #include <stdio.h>
            #include <stdlib.h>
            __attribute__((noinline)) int interp(const unsigned char *code, int n) {
                static void *tab[] = {&&op_add, &&op_sub, &&op_mul, &&op_end};
                int acc = 1, pc = 0;
                goto *tab[code[pc]];
            op_add: acc += 3; pc++; goto *tab[code[pc]];
            op_sub: acc -= 1; pc++; goto *tab[code[pc]];
            op_mul: acc *= 2; acc %= 1000003; pc++; goto *tab[code[pc]];
            op_end: return acc + n;
            }
            __attribute__((noinline)) long drive(int n) {
                unsigned char code[64];
                for (int i = 0; i < 63; i++) code[i] = i % 3;
                code[63] = 3;
                long s = 0;
                for (int i = 0; i < n; i++) s += interp(code, i);
                return s;
            }
            int main(int argc, char **argv) {
                int n = argc > 1 ? atoi(argv[1]) : 1000;
                printf("%ld\\n", drive(n));
                return 0;
            }
            """;

    private Path project(String name, String kind, String variants, String afterLink, String extra) throws Exception {
        Path p = tmp.resolve(name);
        Files.createDirectories(p);
        Files.writeString(p.resolve("cg.c"), COMPUTED_GOTO);
        Files.writeString(p.resolve("pgolab.toml"), """
                [project]
                variants = [%s]
                [toolchain]
                kind = "%s"
                [build]
                command = "{cc} -O2 -fPIE {cflags} -c {srcdir}/cg.c -o {builddir}/cg.o && {cc} -pie {ldflags} {builddir}/cg.o -o {builddir}/cg%s"
                artifact = "{builddir}/cg"
                [[train]]
                name = "loop"
                command = "{binary} 300000"
                %s
                """.formatted(variants, kind, afterLink, extra));
        return p;
    }

    @Test
    void functionBoltCannotRewriteIsSkippedAndTheRunRetried() throws Exception {
        Path p = project("skip", "gcc", "\"release\", \"bolt\", \"pgo+bolt\"", "", "");
        Path json = tmp.resolve("build.json");
        Cli.Result r = Cli.run(p, "build", "--json", json.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.err()).contains("BOLT cannot rewrite function interp", "skipping it and retrying");
        assertThat(r.out()).contains("BOLT (instrument)", "skipped interp");
        // a 17 KiB program becomes a 6 MiB file: BOLT's new text segment is aligned to 2 MiB; the table says so
        assertThat(r.out()).containsPattern("(?m)^bolt: the binary is [0-9.]+ MiB, of which [0-9.]+ MiB is zero padding"
                + " and [0-9.]+ KiB code and data: BOLT writes the code it rewrote to a new text segment aligned to 2 MiB");
        var tree = Json.MAPPER.readTree(json.toFile());
        String expected = null;
        for (var v : tree.get("variants")) {
            if (v.get("phase").asText().equals("instrument")) {
                continue;
            }
            String out = Exec.capture(null, List.of(v.get("binary").asText(), "777")).output();
            expected = expected == null ? out : expected;
            assertThat(out).as(v.get("name").asText()).isEqualTo(expected);
            if (v.get("phase").asText().equals("bolt")) {
                assertThat(v.get("bolt").get("skipped").toString()).contains("interp");
                assertThat(v.get("bolt").get("dyno_stats").has("executed instructions")).isTrue();
                assertThat(Exec.capture(null, List.of("readelf", "-S", v.get("binary").asText())).output())
                        .as("BOLT's note section").contains(".note.bolt_info");
            }
        }
        // Issue 27: BOLT rows carry their base build's audit line like every other row, built or reused.
        assertThat(r.out()).containsPattern("(?m)^bolt +.*BOLT \\(instrument\\).*\n +audit: 1 compile, 1 link, all -O2, -march not set\n")
                .containsPattern("(?m)^pgo\\+bolt +.*BOLT \\(instrument\\).*\n +audit: 1 compile, 1 link, all -O2, -march not set, 1/1 with"
                        + " profile");
        Cli.Result again = Cli.run(p, "build");
        assertThat(again.err()).contains("build bolt: up to date").doesNotContain("==> bolt bolt");
        assertThat(again.out()).containsPattern("(?m)^bolt +.*\\[cached\\]\n +audit: 1 compile, 1 link, all -O2, -march not set\n");
    }

    @Test
    void namedArtifactsGoBesideBoltsBinaryAsTheBuildMadeThem() throws Exception {
        Path p = project("named", "clang", "\"release\", \"bolt\"", " && cp {builddir}/cg {builddir}/helper", "");
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml")).replace(
                "artifact = \"{builddir}/cg\"", "artifact = \"{builddir}/cg\"\nartifacts = { helper = \"{builddir}/helper\" }"));
        Path json = tmp.resolve("named.json");
        Cli.Result r = Cli.run(p, "build", "--json", json.toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        java.util.Map<String, Path> binaries = new java.util.HashMap<>();
        for (var v : Json.MAPPER.readTree(json.toFile()).get("variants")) {
            binaries.put(v.get("name").asText(), Path.of(v.get("binary").asText()));
        }
        // BOLT rewrote the program only: the helper beside it is as its base build linked it (with BOLT's link flags)
        Path helper = binaries.get("bolt").resolveSibling("artifacts/helper");
        assertThat(Exec.capture(null, List.of("readelf", "-S", binaries.get("bolt").toString())).output())
                .contains(".note.bolt_info");
        assertThat(Exec.capture(null, List.of("readelf", "-S", helper.toString())).output())
                .contains(".text").doesNotContain(".note.bolt_info");
        assertThat(Exec.capture(null, List.of(helper.toString(), "777")).output())
                .isEqualTo(Exec.capture(null, List.of(binaries.get("release").toString(), "777")).output());
        assertThat(binaries.get("release").resolveSibling("artifacts/helper")).isRegularFile();
    }

    @Test
    void strippedBinaryGetsTheMessageNamingTheFix() throws Exception {
        Path p = project("stripped", "clang", "\"release\", \"bolt\"", " && strip {builddir}/cg", "");
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("the binary is stripped", "any 'strip' or 'install -s' step").doesNotContain("Exception");
        assertThat(p.resolve(".pgolab/variants/bolt.json")).doesNotExist();
    }

    @Test
    void binaryFailingTheSmokeTestIsDiscarded() throws Exception {
        Path p = project("smoke", "clang", "\"release\", \"bolt\"", "",
                "[bolt]\nsmoke = \"test \\\"$({binary} 5)\\\" = impossible\"\nprofile = \"perf\"\n");
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
        assertThat(r.err()).contains("failed its smoke test ([bolt] smoke) and was discarded");
        assertThat(p.resolve(".pgolab/variants/bolt.json")).doesNotExist();
        // With a passing smoke test the perf-sampled (no-LBR here) profile is used.
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml")).replace("= impossible", "!= impossible"));
        Cli.Result ok = Cli.run(p, "build");
        assertThat(ok.exitCode()).as(ok.all()).isZero();
        assertThat(ok.out()).contains("BOLT (perf)");
    }
}
