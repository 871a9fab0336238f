package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.Tool;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * [toolchain] partial_training with the real gcc: off, no flag; on (the default), the flag reaches the
 * profile-use compile and link (as the compiler wrapper recorded them), not the instrumented build;
 * flipping it rebuilds pgo under a new key (release keeps its key), and the toolchain line says so.
 */
class PartialTrainingIT {
    @TempDir
    Path tmp;

    @Test
    void flagReachesTheProfileUseBuildAndFlippingItRebuilds() throws Exception {
        Tool.require(ToolLocator.onPath("gcc").isPresent(), "gcc");
        Path p = TinyProject.create(tmp.resolve("p"), "gcc", "\"release\", \"pgo\"",
                TinyProject.train("hot", "{binary} run 300000"));
        Path config = p.resolve("pgolab.toml");
        Files.writeString(config, Files.readString(config).replace("kind = \"gcc\"", "kind = \"gcc\"\npartial_training = false"));
        Cli.Result plain = Cli.run(p, "build", "--json", tmp.resolve("plain.json").toString());
        assertThat(plain.exitCode()).as(plain.all()).isZero();
        String plainKey = key(p);
        assertThat(Files.readString(p.resolve(".pgolab/logs/audit-pgo.log"))).contains("-fprofile-use=")
                .doesNotContain("-fprofile-partial-training");

        String releaseKey = key(p, "release");
        // The default (no key) is the guard on.
        Files.writeString(config, Files.readString(config).replace("partial_training = false\n", ""));
        Cli.Result partial = Cli.run(p, "build", "--json", tmp.resolve("partial.json").toString());
        assertThat(partial.exitCode()).as(partial.all()).isZero();
        assertThat(partial.err()).contains("build pgo: rebuilding");
        assertThat(key(p)).isNotEqualTo(plainKey);
        assertThat(partial.err()).contains("build release: up to date");   // the guard keys only profile-use builds
        assertThat(key(p, "release")).isEqualTo(releaseKey);

        // Every profile-use compile and link got the flag; the instrumented build did not.
        String audit = Files.readString(p.resolve(".pgolab/logs/audit-pgo.log"));
        assertThat(audit.lines().filter(l -> l.contains("-fprofile-use="))).hasSizeGreaterThanOrEqualTo(2)
                .allMatch(l -> l.contains("\t-fprofile-partial-training"));
        assertThat(Files.readString(p.resolve(".pgolab/logs/audit-instrumented.log")))
                .contains("-fprofile-generate=").doesNotContain("-fprofile-partial-training");

        var json = Json.MAPPER.readTree(tmp.resolve("partial.json").toFile());
        assertThat(json.get("toolchain").asText()).contains("-fprofile-partial-training on profile-use builds");
        for (var v : json.get("variants")) {
            assertThat(v.get("build_command").asText().contains("-fprofile-partial-training"))
                    .as(v.get("name").asText()).isEqualTo(v.get("phase").asText().equals("optimize"));
        }

        // Unchanged config: nothing rebuilds.
        Cli.Result again = Cli.run(p, "build");
        assertThat(again.exitCode()).as(again.all()).isZero();
        assertThat(again.err()).contains("build pgo: up to date");
    }

    private static String key(Path project) throws Exception {
        return key(project, "pgo");
    }

    private static String key(Path project, String variant) throws Exception {
        return Json.MAPPER.readTree(project.resolve(".pgolab/variants/" + variant + ".json").toFile()).get("key").asText();
    }
}
