package io.pgolab.parse;

import static io.pgolab.parse.Fixtures.assertMetric;
import static io.pgolab.parse.Fixtures.names;
import static io.pgolab.parse.Fixtures.read;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Fixtures captured with hyperfine 1.15.0 (Debian 12). */
class HyperfineParserTest {
    final HyperfineParser parser = new HyperfineParser();

    @Test
    void readsTwoCommands() {
        // hyperfine --export-json out.json 'sleep 0.01' 'sleep 0.02'
        String json = read("hyperfine/hyperfine-two-commands.json");
        List<ParsedMetric> m = parser.parse(json);
        assertThat(names(m)).containsExactly("1.mean_s", "1.stddev_s", "1.median_s", "1.min_s", "1.max_s",
                "1.user_s", "1.system_s", "2.mean_s", "2.stddev_s", "2.median_s", "2.min_s", "2.max_s", "2.user_s",
                "2.system_s", "operations");
        assertMetric(m, "1.mean_s", 0.010671173176842108, "s", false);
        assertMetric(m, "1.stddev_s", 0.0008016360105776494, "s", false);
        assertMetric(m, "1.median_s", 0.01057786334, "s", false);
        assertMetric(m, "1.min_s", 0.00996984884, "s", false);
        assertMetric(m, "1.max_s", 0.01713688084, "s", false);
        assertMetric(m, "2.mean_s", 0.021191450810149254, "s", false);
        assertMetric(m, "2.user_s", 0.0010752561194029848, "s", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 190 + 134, "ops", true);
        assertThat(HyperfineParser.commands(json)).containsExactly("sleep 0.01", "sleep 0.02");
    }

    @Test
    void readsAParameterScan() {
        // hyperfine --runs 5 -P ms 10 30 -D 10 --export-json out.json 'sleep 0.0{ms}'
        List<ParsedMetric> m = parser.parse(read("hyperfine/hyperfine-parameter-scan.json"));
        assertMetric(m, "3.mean_s", 0.03119319904, "s", false);
        assertMetric(m, "3.system_s", 0.0, "s", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 15, "ops", true);
    }

    @Test
    void leavesOutTheStddevOfASingleRun() {
        // hyperfine -N --runs 1 -n fast 'true' --export-json out.json : "stddev": null
        List<ParsedMetric> m = parser.parse(read("hyperfine/hyperfine-one-run-named.json"));
        assertThat(names(m)).containsExactly("1.mean_s", "1.median_s", "1.min_s", "1.max_s", "1.user_s",
                "1.system_s", "operations");
        assertMetric(m, "1.mean_s", 0.0006350850000000001, "s", false);
        // hyperfine -N --warmup 3 --runs 20 'true': warm-up runs are not counted
        assertMetric(parser.parse(read("hyperfine/hyperfine-single-N.json")), ParsedMetric.OPERATIONS, 20, "ops", true);
    }

    @Test
    void readsTheExportWrittenToAPipedStdoutAfterTheSummary() {
        // hyperfine --runs 3 --export-json /dev/stdout 'sleep 0.01' 2>&1 | cat
        List<ParsedMetric> m = parser.parse(read("hyperfine/hyperfine-stdout-piped.txt"));
        assertMetric(m, "1.mean_s", 0.013364207519999999, "s", false);
        assertMetric(m, ParsedMetric.OPERATIONS, 3, "ops", true);
        // the summary repeats the command, braces included: awk 'BEGIN{exit}'
        String braces = read("hyperfine/hyperfine-stdout-piped-braces.txt");
        assertThat(braces.indexOf('{')).isLessThan(braces.indexOf("\"results\""));
        assertThat(HyperfineParser.commands(braces)).containsExactly("awk 'BEGIN{exit}'");
        assertThat(names(parser.parse(braces))).contains("1.mean_s", "1.max_s", "operations");
    }

    @Test
    void refusesOtherOutput() {
        assertThatThrownBy(() -> parser.parse("")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("--export-json");
        // hyperfine's terminal output is not what it parses
        assertThatThrownBy(() -> parser.parse("Benchmark 1: sleep 0.01\n  Time (mean ± σ):  10.7 ms ±   0.8 ms\n"))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> parser.parse("{\"results\": []}")).isInstanceOf(NoMatchException.class)
                .hasMessageContaining("results");
        assertThatThrownBy(() -> parser.parse("{\"results\": [{\"command\": \"x\"}]}"))
                .isInstanceOf(NoMatchException.class).hasMessageContaining("mean");
    }
}
