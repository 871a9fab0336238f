package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.process.Exec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clang's steps on top of pgo, end to end with the real clang, llvm-profdata and ld.lld: context-sensitive
 * PGO trains a second instrumented build and its profile carries context-sensitive counts; machine function
 * splitting leaves FUNC.cold parts; the function order is the one the linker laid out; and each step that
 * did not take effect is said, not passed.
 */
class ClangStepsIT {
    @TempDir
    Path tmp;

    @BeforeAll
    static void tools() {
        for (String t : List.of("clang-19", "llvm-profdata-19", "ld.lld-19", "gcc")) {
            Tool.require(io.pgolab.toolchain.ToolLocator.onPath(t).isPresent(), t);
        }
    }

    private Path project(String variants, String build) throws Exception {
        String config = TinyProject.config("clang", variants, TinyProject.train("hot", "{binary} run 300000")
                + TinyProject.train("short", "{binary} run 1000")).replace("[toolchain]\nkind = \"clang\"",
                "[toolchain]\nkind = \"clang\"\ncc = \"clang-19\"");
        if (build != null) {
            config = config.replaceFirst("command = \".*\"", java.util.regex.Matcher.quoteReplacement("command = \"" + build + "\""));
        }
        Path p = tmp.resolve("p" + Math.abs(variants.hashCode()));
        Files.createDirectories(p);
        Files.writeString(p.resolve("hot.c"), TinyProject.SOURCE);
        Files.writeString(p.resolve("pgolab.toml"), config);
        return p;
    }

    @Test
    void eachStepIsBuiltAndProvedInTheBinary() throws Exception {
        Path p = project("\"release\", \"pgo\", \"pgo+cs\", \"pgo+lto+cs+mfs+order\"", null);
        Cli.Result r = Cli.run(p, "build", "--json", tmp.resolve("build.json").toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        // One first round for every variant, and a second (context-sensitive) round per LTO setting.
        assertThat(r.err()).contains("==> build instrumented: clang", "==> build instrumented-pgo+cs: clang",
                "==> build instrumented-pgo+lto+cs: clang", "merge (context-sensitive)");
        assertThat(r.out()).contains("cs: ", "functions with context-sensitive counts",
                "laid out in the profile's order (100% in sequence)", "(reads the profile, writes context-sensitive profiles)");
        assertThat(Files.readString(p.resolve(".pgolab/logs/build-instrumented-pgo+cs.log"))).contains("-fcs-profile-generate",
                "-fprofile-use=");
        String all = Files.readString(p.resolve(".pgolab/logs/build-pgo+lto+cs+mfs+order.log"));
        assertThat(all).contains("-fsplit-machine-functions", "--symbol-ordering-file=", "-flto=thin");
        // The order file came from the profile's temporal traces and names the program's functions.
        try (var s = Files.list(p.resolve(".pgolab/profiles"))) {
            Path order = s.filter(f -> f.getFileName().toString().endsWith(".order")).findFirst().orElseThrow();
            assertThat(Files.readString(order)).contains("hot_loop", "main");
        }
        // Same output from every variant.
        var tree = io.pgolab.util.Json.MAPPER.readTree(Files.readString(tmp.resolve("build.json")));
        String expected = null;
        for (var v : tree.get("variants")) {
            if (v.get("phase").asText().contains("instrument")) {
                continue;
            }
            String out = Exec.capture(null, List.of(v.get("binary").asText(), "run", "300000")).output();
            expected = expected == null ? out : expected;
            assertThat(out).as(v.toString()).startsWith("result=").isEqualTo(expected);
        }
        // Nothing changed: nothing rebuilt or retrained, the second round included.
        Cli.Result again = Cli.run(p, "build");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.err()).contains("build instrumented-pgo+cs: up to date", "(context-sensitive round): up to date")
                .doesNotContain("==> train ");
    }

    @Test
    void anOrderTheLinkerDidNotApplyIsAnError() throws Exception {
        // The link ignores {ldflags}: no lld, no ordering file. The build must not pass as pgo+order.
        Path p = project("\"pgo+order\"",
                "{cc} -O2 {cflags} -c {srcdir}/hot.c -o {builddir}/hot.o && {cc} $(echo $LDFLAGS | sed -e"
                        + " 's/-Wl,--symbol-ordering-file=[^ ]*//') {builddir}/hot.o -o {builddir}/hot");
        Files.writeString(p.resolve("hot.c"), TinyProject.SOURCE + manyFunctions());
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isNotZero();
        assertThat(r.err()).contains("did not lay its functions out in the profile's order")
                .contains("pass {ldflags} (or $LDFLAGS) to the link").doesNotContain("Exception");
    }

    @Test
    void stepsAToolchainDoesNotOfferAreRefusedWithTheReason() throws Exception {
        Path p = project("\"release\", \"pgo+cs\"", null);
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replace("kind = \"clang\"\ncc = \"clang-19\"", "kind = \"gcc\""));
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).isNotZero();
        assertThat(r.err()).contains("variant 'pgo+cs' cannot be built with gcc: context-sensitive PGO is an LLVM feature")
                .contains("pgolab doctor lists the steps each toolchain offers");
    }

    /** Functions the training calls in the reverse of their source order, so only the ordering file puts them in sequence. */
    private static String manyFunctions() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            s.append("__attribute__((noinline)) int f").append(i).append("(int x) { return x * ").append(i + 3).append(" + 1; }\n");
        }
        s.append("__attribute__((constructor)) static void calls(void) { volatile int s = 0;");
        for (int i = 11; i >= 0; i--) {
            s.append(" s += f").append(i).append("(s);");
        }
        return s.append(" }\n").toString();
    }
}
