package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.pgolab.util.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * share = F with real compilers: a workload that runs ~20 times more code than another still makes only
 * the share of the merged counts it asks for, and the merged profile holds the weighted sum the record
 * claims (clang 19 with llvm-profdata 19; gcc with gcov-tool).
 */
class TrainSharesIT {
    @TempDir
    Path tmp;

    private static final String TRAIN = TinyProject.train("suite", "{binary} run 2000000") + "share = 0.5\nbase = true\n"
            + TinyProject.train("mine", "{binary} run 100000") + "share = 0.5\n";

    @Test
    void clangSharesOfHalfGiveHalfOfTheMergedCounts() throws Exception {
        checkHalves("clang");
    }

    @Test
    void gccSharesOfHalfGiveHalfOfTheMergedCounts() throws Exception {
        checkHalves("gcc");
    }

    private void checkHalves(String kind) throws Exception {
        Path p = TinyProject.create(tmp.resolve(kind), kind, "\"release\", \"pgo\"", TRAIN);
        Cli.Result r = Cli.run(p, "train", "--json", tmp.resolve("t.json").toString());
        assertThat(r.exitCode()).as(r.all()).isZero();
        JsonNode runs = Json.MAPPER.readTree(Files.readString(tmp.resolve("t.json"))).get("training").get("workloads");
        JsonNode suite = runs.get(0);
        JsonNode mine = runs.get(1);
        assertThat(suite.get("name").asText()).isEqualTo("suite");
        assertThat(suite.get("base").asBoolean()).isTrue();
        assertThat(mine.has("base")).isFalse();
        // the suite alone runs ~20x the counts of mine; with weights of 1 it would make ~95% of the total
        assertThat(suite.get("counts").asDouble() / mine.get("counts").asDouble()).isGreaterThan(15);
        assertThat(suite.get("count_share").asDouble()).isCloseTo(0.5, within(0.01));
        assertThat(mine.get("count_share").asDouble()).isCloseTo(0.5, within(0.01));
        assertThat(mine.get("asked_share").asDouble()).isEqualTo(0.5);
        assertThat(mine.get("merge_weight").asLong()).isGreaterThan(suite.get("merge_weight").asLong());
        assertThat(r.out()).contains("(base)", "come from the base training");

        // The merged profile's total is the weighted sum the record reports.
        long weighted = suite.get("merge_weight").asLong() * suite.get("counts").asLong()
                + mine.get("merge_weight").asLong() * mine.get("counts").asLong();
        Cli.Result prof = Cli.run(p, "profile", "--json", tmp.resolve("p.json").toString());
        assertThat(prof.exitCode()).as(prof.all()).isZero();
        assertThat(prof.out()).contains("counts    suite (base) 5", "share 50%", "of the merged counts come from the base");
        JsonNode profile = Json.MAPPER.readTree(Files.readString(tmp.resolve("p.json"))).get("profile");
        assertThat(profile.get("total_count").asLong()).isEqualTo(weighted);

        // A changed share changes the profile key and makes the recorded profile stale.
        String before = Cli.run(p, "profile", "key").out();
        Files.writeString(p.resolve("pgolab.toml"), Files.readString(p.resolve("pgolab.toml"))
                .replaceFirst("share = 0.5", "share = 0.25").replaceFirst("(?s)(name = \"mine\".*?)share = 0.5", "$1share = 0.75"));
        assertThat(Cli.run(p, "profile", "key").out()).isNotEqualTo(before);
        assertThat(Cli.run(p, "profile").out()).contains("STALE");
        Cli.Result again = Cli.run(p, "train", "--json", tmp.resolve("t2.json").toString());
        assertThat(again.exitCode()).as(again.all()).isZero();
        JsonNode runs2 = Json.MAPPER.readTree(Files.readString(tmp.resolve("t2.json"))).get("training").get("workloads");
        assertThat(runs2.get(0).get("count_share").asDouble()).isCloseTo(0.25, within(0.01));
    }
}
