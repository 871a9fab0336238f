package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Training workloads tagged with a profile feed only the variants that name it (real clang). */
class ProfileSetsIT {
    @TempDir
    Path tmp;

    @Test
    void eachTaggedVariantIsBuiltFromItsOwnWorkloads() throws Exception {
        String train = TinyProject.train("big", "{binary} run 3000000") + "profile = \"server\"\n"
                + TinyProject.train("small", "{binary} run 1000") + "profile = \"client\"\n";
        Path p = TinyProject.create(tmp.resolve("p"), "clang", "\"release\", \"pgo@server\", \"pgo@client\", \"pgo\"", train);
        Cli.Result r = Cli.run(p, "build", "--json", tmp.resolve("b.json").toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(r.out()).contains("pgo@server", "pgo@client", "training @server: big", "training @client: small");

        // Three profiles (server, client, both), each workload run once.
        var tree = Json.MAPPER.readTree(Files.readString(tmp.resolve("b.json")));
        Set<String> shas = new HashSet<>();
        for (var set : tree.get("profile_sets")) {
            shas.add(set.get("profile_sha256").asText());
        }
        assertThat(shas).hasSize(3);
        assertThat(r.err().split("==> train big", -1)).hasSize(2);
        assertThat(r.err().split("==> train small", -1)).hasSize(2);
        for (var v : tree.get("variants")) {
            if (v.get("name").asText().equals("pgo@server")) {
                assertThat(v.get("profile_sha256").asText()).isEqualTo(tree.get("profile_sets").get(0).get("profile_sha256").asText());
            }
        }

        // The per-set profile reports on its own workloads; nothing is rebuilt the second time.
        Cli.Result prof = Cli.run(p, "profile", "--set", "client");
        assertThat(prof.exitCode()).as(prof.all()).isZero();
        assertThat(prof.out()).contains("small").doesNotContain("STALE");
        Cli.Result again = Cli.run(p, "build");
        assertThat(again.err()).contains("training @server: up to date", "training @client: up to date",
                "build pgo@client: up to date");

        // Changing one workload re-runs only that one.
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml")).replace("run 1000\"", "run 2000\""));
        Cli.Result changed = Cli.run(p, "build");
        assertThat(changed.exitCode()).as(changed.all()).isZero();
        assertThat(changed.err()).contains("==> train small: /", "train big: up to date").doesNotContain("==> train big: /");
    }

    @Test
    void aTaggedBoltVariantIsProfiledOnItsOwnWorkloadsOnly() throws Exception {
        String train = TinyProject.train("big", "{binary} run 3000000") + "profile = \"server\"\n"
                + TinyProject.train("small", "{binary} run 1000") + "profile = \"client\"\n";
        Path p = TinyProject.create(tmp.resolve("b"), "clang", "\"release\", \"pgo+bolt@server\"", train);
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).as(r.all()).isZero();
        assertThat(p.resolve(".pgolab/logs/bolt-train-big.log")).exists();
        assertThat(p.resolve(".pgolab/logs/bolt-train-small.log")).doesNotExist();
        // Naming a variant twice is an error, not a crash.
        Cli.Result twice = Cli.run(p, "build", "release", "pgo+bolt@server", "PGO+BOLT@server");
        assertThat(twice.exitCode()).isEqualTo(2);
        assertThat(twice.err()).contains("named twice").doesNotContain("internal error");
    }

    @Test
    void aVariantNamingAMissingProfileIsAConfigError() throws Exception {
        Path p = TinyProject.create(tmp.resolve("q"), "clang", "\"release\", \"pgo@sever\"",
                TinyProject.train("big", "{binary} run 1000") + "profile = \"server\"\n");
        Cli.Result r = Cli.run(p, "build");
        assertThat(r.exitCode()).isNotZero();
        assertThat(r.err()).contains("pgolab.toml:3: key 'project.variants': variant 'pgo@sever' uses profile 'sever'",
                "did you mean \"pgo@server\"?").doesNotContain("Exception");
    }
}
