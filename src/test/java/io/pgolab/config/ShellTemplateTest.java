package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Placeholder values in shell commands stay one word, whatever they hold: checked by running bash. */
class ShellTemplateTest {
    private static final String HOSTILE = "/tmp/my dir/$(touch PWNED)/`id`/it's \"x\" \\ $HOME";

    @Test
    void plainValuesAreInsertedAsBefore() {
        Map<String, String> v = Map.of("binary", "/p/.pgolab/bin/app", "cflags", "-O2 -fprofile-use=/p/x.profdata");
        assertThat(Template.renderShell("{binary} in.txt", v)).isEqualTo("/p/.pgolab/bin/app in.txt");
        assertThat(Template.renderShell("cc {cflags} -o x", v)).isEqualTo("cc -O2 -fprofile-use=/p/x.profdata -o x");
        assertThat(Template.renderShell("make CFLAGS='{cflags}'", v)).isEqualTo("make CFLAGS='-O2 -fprofile-use=/p/x.profdata'");
    }

    @Test
    void aHostileValueIsOneArgumentInEveryQuoting(@TempDir Path dir) throws Exception {
        Map<String, String> v = Map.of("binary", HOSTILE);
        for (String template : List.of("printf '%s\\n' {binary}", "printf '%s\\n' '{binary}'", "printf '%s\\n' \"{binary}\"",
                "printf '%s\\n' x{binary}y", "printf '%s\\n' 'a b {binary} c'", "printf '%s\\n' \"a {binary}\" '{binary}'")) {
            String cmd = Template.renderShell(template, v);
            List<String> lines = bash(dir, cmd);
            assertThat(dir.resolve("PWNED")).as(cmd).doesNotExist();
            assertThat(lines).as(cmd).allSatisfy(l -> assertThat(l).contains(HOSTILE));
            assertThat(lines).as(cmd).hasSize(template.split("\\{binary}", -1).length - 1);
        }
    }

    @Test
    void fillKeepsTheOtherPlaceholdersAndQuotesWhatItFills(@TempDir Path dir) throws Exception {
        String filled = Template.fillShell("printf '%s\\n' {binary} --out='{profile}' {profile}", Map.of("profile", HOSTILE));
        assertThat(filled).startsWith("printf '%s\\n' {binary} --out='");
        String cmd = Template.renderShell(filled, Map.of("binary", "b"));
        assertThat(bash(dir, cmd)).containsExactly("b", "--out=" + HOSTILE, HOSTILE);
        assertThat(dir.resolve("PWNED")).doesNotExist();
    }

    @Test
    void flagListsStillSplitIntoWords(@TempDir Path dir) throws Exception {
        String cmd = Template.renderShell("printf '%s\\n' {cflags}", Map.of("cflags", "-O2 -g '-fprofile-use=/a b/x'"));
        assertThat(bash(dir, cmd)).containsExactly("-O2", "-g", "-fprofile-use=/a b/x");
    }

    @Test
    void artifactPathsAreNotQuoted() {
        assertThat(Template.render("{builddir}/app", Map.of("builddir", "/a b"))).isEqualTo("/a b/app");
    }

    private static List<String> bash(Path dir, String cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("/bin/bash", "-c", cmd).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(cmd + "\n" + out).isZero();
        return out.lines().toList();
    }
}
