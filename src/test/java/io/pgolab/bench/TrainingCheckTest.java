package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.stats.Comparison;
import io.pgolab.stats.Direction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When a bench calls for the training check: a pgo variant against one without a profile, gated, regressed or inconclusive. */
class TrainingCheckTest {
    static final double[] BASE = {100, 101, 99, 100, 100, 101, 99, 100};
    static final double[] SLOWER = {120, 121, 119, 120, 120, 121, 119, 120};
    static final double[] SAME = {100, 101, 99, 100, 100, 101, 99, 100};

    static Comparison cmp(String metric, String baseline, String candidate, double[] b, double[] c) {
        return Comparison.of(metric, "s", Direction.LOWER_IS_BETTER, baseline, candidate, b, c, 0.01, 1);
    }

    static BenchResults.WorkloadResult workload(String name, Comparison... c) {
        return new BenchResults.WorkloadResult(name, "cmd", null, List.of(c), List.of("cpu_time"));
    }

    @Test
    void aRegressedOrInconclusivePgoVariantCallsForTheCheckOfItsProfileSet() {
        BenchResults r = new BenchResults("t", null, false, List.of(
                workload("compress-1", cmp("cpu_time", "release", "pgo", BASE, SLOWER),
                        cmp("cpu_time", "release", "lto", BASE, SLOWER)),
                workload("compress-3", cmp("cpu_time", "release", "pgo", BASE, SAME)),
                workload("compress-19", cmp("cpu_time", "release", "pgo@fast", new double[]{1, 2, 3}, new double[]{1, 2, 3})),
                workload("ungated", cmp("max_rss", "release", "pgo", BASE, SLOWER)),
                workload("step", cmp("cpu_time", "pgo", "pgo+lto", BASE, SLOWER))));
        assertThat(r.workloads().get(0).comparisons().get(0).verdict().json()).isEqualTo("regressed");
        Map<String, List<String>> wanted = TrainingCheck.wanted(r);
        assertThat(wanted).containsOnlyKeys("", "fast");
        assertThat(wanted.get("")).containsExactly("compress-1");   // no_change, ungated metrics and pgo vs pgo steps do not count
        assertThat(wanted.get("fast")).containsExactly("compress-19");   // 3 rounds: inconclusive
    }

    @Test
    void nothingWhenPgoImprovedOrDidNotChange() {
        BenchResults r = new BenchResults("t", null, false, List.of(
                workload("a", cmp("cpu_time", "release", "pgo", SLOWER, BASE)),
                workload("b", cmp("cpu_time", "release", "pgo", BASE, SAME))));
        assertThat(TrainingCheck.wanted(r)).isEmpty();
    }

    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    io.pgolab.config.Config config(String bench) {
        return io.pgolab.config.ConfigLoader.parse(dir.resolve("pgolab.toml"), """
                [project]
                variants = ["release", "pgo"]

                [toolchain]
                kind = "gcc"

                [build]
                command = "make CC={cc} CFLAGS='{cflags}' LDFLAGS='{ldflags}'"
                artifact = "{builddir}/app"

                [[train]]
                name = "startup"
                command = "{binary}  --run {root}/in.txt"
                """ + bench);
    }

    @Test
    void aBenchWorkloadIsTrainingLikeByNameOrByItsCommandOnceExpanded() {
        var same = config("[[bench]]\nname = \"typical\"\ncommand = \"{binary} --run " + dir + "/in.txt\"\n");
        assertThat(TrainingCheck.trainingLike(same, same.bench().get(0))).isTrue();
        var named = config("[[bench]]\nname = \"startup\"\ncommand = \"{binary} --other\"\n");
        assertThat(TrainingCheck.trainingLike(named, named.bench().get(0))).isTrue();
        var other = config("[[bench]]\nname = \"typical\"\ncommand = \"{binary} --run " + dir + "/other.txt\"\n");
        assertThat(TrainingCheck.trainingLike(other, other.bench().get(0))).isFalse();
    }

    @Test
    void theCheckIsOffWithItsOptionNoBuildOrDeterministicModeAndSaysWhy() {
        assertThat(TrainingCheck.notRun(false, false, false)).isEmpty();
        assertThat(TrainingCheck.notRun(true, false, false)).contains("--no-training-check");
        assertThat(TrainingCheck.notRun(false, true, false)).contains("--no-build");
        assertThat(TrainingCheck.notRun(false, false, true)).contains("--deterministic");
    }
}
