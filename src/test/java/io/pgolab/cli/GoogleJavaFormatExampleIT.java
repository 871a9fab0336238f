package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.process.Exec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Public validation of the jvm toolchain on a real program: google-java-format, fetched at test time
 * from Maven Central by examples/google-java-format/fetch.sh, built release, cds and aot from the
 * example's own config (JDK 25; where only JDK 17 is installed, as in CI, release and cds on 17),
 * trained on pgolab's main sources, benched on a test source (5 rounds). Checks consistency, not a
 * noisy number: every variant formats the held-out file exactly as release does.
 */
class GoogleJavaFormatExampleIT {
    @TempDir
    Path tmp;

    @Test
    void googleJavaFormatBuildsTrainsAndBenchesFromTheExampleConfig() throws Exception {
        boolean jdk25 = JvmProject.jdk(25).isPresent();
        if (!jdk25) {
            JvmProject.require(17);
        }
        Path example = Path.of("examples/google-java-format").toAbsolutePath();
        Path p = tmp.resolve("gjf");
        Files.createDirectories(p);
        String toml = Files.readString(example.resolve("pgolab.toml")).replace("command = \"./fetch.sh\"", "command = \"true\"");
        Files.writeString(p.resolve("pgolab.toml"), jdk25 ? toml : toml.replace("jdk = \"25\"", "jdk = \"17\"")
                .replace("\"release\", \"cds\", \"aot\"", "\"release\", \"cds\""));
        Exec.Result fetch = Exec.capture(null, example, Map.of(),
                List.of("bash", example.resolve("fetch.sh").toString(), p.resolve("upstream").toString()), 600);
        assertThat(fetch.exitCode()).as(fetch.output()).isZero();

        Cli.Result build = Cli.run(p, "build");
        assertThat(build.exitCode()).as(build.all()).isZero();
        assertThat(build.out()).contains("release", "cds", "-Xshare:on -version accepted it");
        List<String> variants = jdk25 ? List.of("release", "cds", "aot") : List.of("release", "cds");
        Path heldOut = Path.of("src/test/java/io/pgolab/util/StringsTest.java").toAbsolutePath();
        String formatted = format(p, "release", heldOut);
        assertThat(formatted).contains("class StringsTest");
        for (String v : variants) {
            assertThat(format(p, v, heldOut)).as(v).isEqualTo(formatted);
        }

        Path json = tmp.resolve("bench.json");
        Cli.Result bench = Cli.run(p, "bench", "--workload", "test-small", "--primary", "wall_time", "--min-rounds", "5",
                "--max-rounds", "5", "--json", json.toString());
        assertThat(bench.exitCode()).as(bench.all()).isZero();
        assertThat(bench.out()).contains("test-small: 5 rounds", "release vs cds", "wall_time");
        var tree = io.pgolab.util.Json.MAPPER.readTree(json.toFile());
        for (var c : tree.get("comparisons")) {
            ComparisonChecks.consistent(c);
            assertThat(c.get("verdict").asText()).isIn("improved", "regressed", "no_change", "inconclusive");
            if (c.get("metric").asText().equals("wall_time")) {
                assertThat(c.get("ratio").asDouble()).isBetween(0.1, 2.0);
            }
        }
    }

    private static String format(Path project, String variant, Path file) throws Exception {
        Process proc = new ProcessBuilder(JvmProject.manifestField(project, variant, "binary"), file.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(proc.getInputStream().readAllBytes());
        assertThat(proc.waitFor()).as(variant).isZero();
        return out;
    }
}
