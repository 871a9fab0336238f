package io.pgolab.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.Variant;
import io.pgolab.toolchain.CompileRecord;
import io.pgolab.toolchain.Phase;
import io.pgolab.toolchain.ProfileData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cargo and Go compile audit on recorded commands: table lines and findings. */
class ToolAuditTest {
    @TempDir
    Path tmp;

    private static final Path LOG = Path.of("/p/.pgolab/logs/audit-x.log");

    private static CompileRecord rec(Optional<Path> dep, String... args) {
        return new CompileRecord(1, Path.of("/p"), false, dep, List.of(args));
    }

    private static CompileRecord crate(String name, String type, String... flags) {
        List<String> a = new ArrayList<>(List.of("rustc", "--crate-name", name, "src/" + name + ".rs", "--crate-type", type));
        a.addAll(List.of(flags));
        a.addAll(List.of("--target", "x86_64-unknown-linux-gnu"));
        return rec(Optional.empty(), a.toArray(String[]::new));
    }

    @Test
    void cargoLinesCountTargetCratesAndNameTheHostBuilds() {
        List<CompileRecord> r = List.of(rec(Optional.empty(), "rustc", "-vV"),
                rec(Optional.empty(), "rustc", "--crate-name", "build_script_build", "build.rs", "--crate-type", "bin"),
                crate("dep", "lib", "-C", "opt-level=3", "-C", "linker-plugin-lto", "-Cprofile-use=/m"),
                crate("app", "bin", "-C", "opt-level=3", "-C", "lto=fat", "-Cprofile-use=/m"));
        BuildAudit.Outcome o = ToolAudit.cargo("pgo+lto", Variant.PGO_LTO, Phase.OPTIMIZE, r, LOG);
        assertThat(o.line()).isEqualTo("audit: 2 rustc compiles (+1 for the host: build scripts, proc macros, not checked),"
                + " all opt-level=3, 2/2 with profile, 1/1 linked with -C lto");
        assertThat(o.problems()).isEmpty();
    }

    @Test
    void cargoFlagsOptLevelZeroMissingProfileAndNoLto() {
        List<CompileRecord> r = List.of(crate("dep", "lib", "-Cprofile-generate=/s"),
                crate("app", "bin", "-C", "opt-level=3"));
        BuildAudit.Outcome i = ToolAudit.cargo("instrumented", Variant.PGO, Phase.INSTRUMENT, r, LOG);
        assertThat(i.line()).isEqualTo("audit: 2 rustc compiles, opt-level=0 x1, opt-level=3 x1, 1/2 instrumented");
        assertThat(i.problems()).extracting(BuildAudit.Problem::allowName).containsExactly("unoptimized", "uninstrumented");
        assertThat(i.problems().get(0).what()).contains("1 of 2 crate(s) at opt-level=0 (dep)");
        assertThat(i.problems().get(1).what()).contains("without -Cprofile-generate (app)");

        BuildAudit.Outcome l = ToolAudit.cargo("lto", Variant.LTO, Phase.PLAIN, List.of(crate("app", "bin", "-C", "opt-level=3")), LOG);
        assertThat(l.line()).endsWith("0/1 linked with -C lto");
        assertThat(l.problems()).extracting(BuildAudit.Problem::allowName).containsExactly("no-lto");
        assertThat(ToolAudit.cargo("release", Variant.RELEASE, Phase.PLAIN, List.of(), LOG).line())
                .contains("nothing checked");
    }

    @Test
    void goCountsPackagesFromTheCacheAndChecksThePgoProfile() throws Exception {
        Path cfg = tmp.resolve("l.importcfg");
        Files.writeString(cfg, "packagefile example.com/tiny=/w/b001/_pkg_.a\npackagefile fmt=/c/a-d\npackagefile os=/c/b-d\n");
        Path prof = tmp.resolve("merged.pprof");
        List<CompileRecord> pgo = List.of(rec(Optional.empty(), "/t/compile", "-V=full"),
                rec(Optional.empty(), "/t/preprofile", "-o", "/w/pre", "-i", prof.toString()),
                rec(Optional.empty(), "/t/compile", "-p", "main", "-pgoprofile=/w/pre", "main.go"),
                rec(Optional.empty(), "/t/compile", "-p", "fmt", "-pgoprofile=/w/pre", "print.go"),
                rec(Optional.of(cfg), "/t/link", "-o", "a.out", "-importcfg", "/w/importcfg.link"));
        BuildAudit.Outcome o = ToolAudit.go("pgo", Phase.OPTIMIZE, Optional.of(new ProfileData(prof, "0".repeat(64), 1)), pgo, LOG);
        assertThat(o.line()).isEqualTo("audit: 3 packages (1 from Go's build cache), 2 compiles, 1 link, all optimized,"
                + " 2/2 with -pgoprofile");
        assertThat(o.problems()).isEmpty();

        BuildAudit.Outcome other = ToolAudit.go("pgo", Phase.OPTIMIZE,
                Optional.of(new ProfileData(tmp.resolve("ours.pprof"), "0".repeat(64), 1)), pgo, LOG);
        assertThat(other.problems()).singleElement().satisfies(p -> assertThat(p.what()).contains("read another profile"));

        List<CompileRecord> release = List.of(rec(Optional.empty(), "/t/compile", "-p", "main", "-N", "-pgoprofile=/w/pre", "m.go"));
        BuildAudit.Outcome r = ToolAudit.go("release", Phase.PLAIN, Optional.empty(), release, LOG);
        assertThat(r.line()).isEqualTo("audit: 1 compile, 0 links, 1/1 with -N, 1/1 with -pgoprofile");
        assertThat(r.problems()).extracting(BuildAudit.Problem::allowName).containsExactly("unoptimized", "");
        assertThat(r.problems().get(1).what()).contains("the baseline is itself a profile-guided build");
        assertThat(ToolAudit.go("release", Phase.PLAIN, Optional.empty(), List.of(), LOG).line())
                .contains("{goflags} not passed");
    }
}
