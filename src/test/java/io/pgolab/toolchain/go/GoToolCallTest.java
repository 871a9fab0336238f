package io.pgolab.toolchain.go;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.CompileRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What pgolab-exec's records of Go tools (-toolexec) say. */
class GoToolCallTest {
    @TempDir
    Path tmp;

    private static final String TOOLS = "/usr/local/go/pkg/tool/linux_amd64/";

    private static GoToolCall go(Optional<Path> dep, String tool, String... args) {
        List<String> all = new java.util.ArrayList<>(List.of(TOOLS + tool));
        all.addAll(List.of(args));
        return new GoToolCall(new CompileRecord(1, Path.of("/p"), false, dep, all));
    }

    @Test
    void goCompilesLinksAndQueries() throws Exception {
        GoToolCall c = go(Optional.empty(), "compile", "-o", "/w/b003/_pkg_.a", "-p", "encoding", "-std",
                "-pgoprofile=/w/b004/pgo.preprofile", "-c=2", "/go/src/encoding/encoding.go");
        assertThat(c.tool()).isEqualTo("compile");
        assertThat(c.compiles()).isTrue();
        assertThat(c.pkg()).isEqualTo("encoding");
        assertThat(c.pgoProfile()).contains("/w/b004/pgo.preprofile");
        assertThat(c.optimized()).isTrue();
        assertThat(go(Optional.empty(), "compile", "-p", "main", "-N", "-l", "m.go").optimized()).isFalse();
        assertThat(go(Optional.empty(), "compile", "-V=full").compiles()).isFalse();
        assertThat(go(Optional.empty(), "preprofile", "-o", "/w/b004/pgo.preprofile", "-i", "/p/merged.pprof")
                .preprofileInput()).contains("/p/merged.pprof");

        Path cfg = tmp.resolve("1-2.importcfg");
        Files.writeString(cfg, "# import config\npackagefile example.com/tiny=/w/b001/_pkg_.a\n"
                + "packagefile fmt=/root/.cache/go-build/a2/a2-d\nmodinfo \"x\"\n");
        GoToolCall link = go(Optional.of(cfg), "link", "-o", "/w/b001/exe/a.out", "-importcfg", "/w/b001/importcfg.link");
        assertThat(link.links()).isTrue();
        assertThat(link.linkedPackages()).containsExactly("example.com/tiny", "fmt");
        assertThat(go(Optional.of(tmp.resolve("gone")), "link", "-o", "x").linkedPackages()).isEmpty();
    }
}
