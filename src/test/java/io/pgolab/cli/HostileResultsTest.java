package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Hostile results files (src/test/resources/results/hostile), each through pgolab merge and pgolab report: exit 2
 * with the file, the key's path and what was expected, never an internal error (exit 3) or a stack trace; and text
 * from a file reaches the terminal and the Markdown with its controls, escapes, line breaks and bidi characters made
 * visible, so no output line from data is a CI runner's workflow command.
 */
class HostileResultsTest {
    static final Path DIR = Path.of("src/test/resources/results/hostile").toAbsolutePath();

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            gate-empty.json               | gate.base: expected an object, but the key is missing
            merge-no-hosts.json           | hosts: expected at least one element, found an empty array
            merge-host-without-gate.json  | hosts[0].gate: expected an object, but the key is missing
            merge-duplicate-passed.json   | hosts[0].gate.passed: the key "passed" is there twice
            duplicate-key.json            | gate.passed: the key "passed" is there twice
            number-as-string.json         | gate.measures[0].ci_low_percent: expected a number, found a string ("1.5")
            huge-number.json              | gate.measures[0].bound_percent: expected a finite number, found 1e400
            nan-literal.json              | not valid JSON (line 1, column 72, at gate.measures[0].ci_high_percent): Non-standard token 'NaN'
            nan-string.json               | gate.measures[0].change_percent: expected a number, found a string ("NaN")
            null-measure.json             | gate.measures[0]: expected an object, found null
            object-for-array.json         | gate.measures: expected an array, found an object
            string-for-object.json        | gate.base: expected an object, found a string ("main")
            int-out-of-range.json         | gate.measures[0].rounds: expected an integer (32 bits), found 99999999999 (out of range)
            fraction-for-int.json         | gate.measures[0].rounds: expected an integer (32 bits), found a number (5.5)
            unknown-verdict.json          | gate.measures[0].verdict: expected one of within_bounds, out_of_bounds, inconclusive
            unknown-direction.json        | workloads[0].comparisons[0].direction: expected one of lower_is_better, higher_is_better
            number-in-string-list.json    | gate.notes[0]: expected a string, found a number (7)
            method-without-workloads.json | method.warmup_rounds: expected an integer (32 bits), but the key is missing
            trailing-garbage.json         | there is more after the end of the JSON document (line 1, column 39)
            trailing-object.json          | there is more after the end of the JSON document (line 2, column 2)
            top-level-array.json          | it does not hold a JSON object
            empty.json                    | it does not hold a JSON object
            truncated.json                | not valid JSON (line 1, column 65, at gate.measures[0].workload): Unexpected end-of-input
            no-schema.json                | is not a pgolab results file (schema missing, expected pgolab-results/1)
            deep-nesting.json             | not valid JSON: Document nesting depth (1001) exceeds the maximum allowed (1000)
            """)
    void aHostileFileIsAUserErrorNamingTheFileAndTheKey(String name, String expected) {
        Path f = DIR.resolve(name);
        Cli.Result report = Cli.run(tmp, "report", f.toString(), "--markdown", "r.md");
        assertThat(report.exitCode()).as(report.all()).isEqualTo(2);
        assertThat(report.err()).as(report.all()).startsWith("error: ").contains(f.toString()).contains(expected)
                .contains("hint: ").doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("`");
        Cli.Result merge = Cli.run(tmp, "merge", f.toString());
        assertThat(merge.exitCode()).as(merge.all()).isEqualTo(2);
        assertThat(merge.err()).as(merge.all()).contains(f.toString()).doesNotContain("Exception")
                .doesNotContain("\tat ");
        if (!name.startsWith("merge-")) {
            assertThat(merge.err()).contains(expected);
        }
        assertThat(tmp.resolve("r.md")).doesNotExist();
    }

    /** A file over a quarter of the heap's limit is refused before it is read (sparse: it takes no disk). */
    @Test
    void aFileTooLargeForTheHeapIsRefusedBeforeItIsRead() throws Exception {
        Path big = tmp.resolve("big.json");
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
            f.write("{\"schema\":\"pgolab-results/1\",\"notes\":\"".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            f.setLength(Runtime.getRuntime().maxMemory() / 4 + 1);
        }
        for (String command : new String[] {"report", "merge"}) {
            long t0 = System.nanoTime();
            Cli.Result r = command.equals("report") ? Cli.run(tmp, "report", big.toString(), "--markdown", "r.md")
                    : Cli.run(tmp, "merge", big.toString());
            assertThat(r.exitCode()).as(r.all()).isEqualTo(2);
            assertThat(r.err()).contains("the results file " + big + " is too large to read: ")
                    .contains("this JVM reads at most").contains("hint: give it more heap (JAVA_TOOL_OPTIONS=-Xmx");
            assertThat(System.nanoTime() - t0).as("refused without reading it").isLessThan(2_000_000_000L);
        }
    }

    /** ESC, BEL, CR, newlines, U+202E, U+2028 and leading "::" in every kind of text a gate file holds. */
    @Test
    void textFromAFileIsVisibleAndNeverAWorkflowCommand() throws Exception {
        String evil = "\n::warning title=pwned::owned\u001b[2J\u0007\r\u202Egnp.exe\u2028::error::x";
        String gate = Files.readString(DIR.resolve("gate.json"));
        String json = com.fasterxml.jackson.databind.json.JsonMapper.builder().build().writeValueAsString(evil);
        for (String field : new String[] {"\"a note\"", "\"main\"", "\"feature\"", "\"hot\"", "\"a warning\"",
                "\"x86\"", "\"Compared bbbbbbbbbbbb with aaaaaaaaaaaa on x86. All 1 measures within bounds.\""}) {
            gate = gate.replace(field, json.substring(0, json.length() - 1) + field.substring(1));
        }
        gate = gate.replace("\"pgo\"", "\"::notice::pgo\"").replace("\"base:pgo\"", "\"::debug::base:pgo\"")
                .replace("\"candidate:pgo\"", "\"  ::debug::candidate:pgo\"");
        Path f = Files.writeString(tmp.resolve("evil.json"), gate);
        Cli.Result merge = Cli.run(tmp, "merge", f.toString(), "--markdown", "m.md", "--json", "merged.json");
        assertThat(merge.exitCode()).as(merge.all()).isZero();
        Cli.Result report = Cli.run(tmp, "report", f.toString(), "--markdown", "r.md");
        assertThat(report.exitCode()).as(report.all()).isZero();
        Cli.Result again = Cli.run(tmp, "report", tmp.resolve("merged.json").toString(), "--markdown", "r2.md");
        assertThat(again.exitCode()).as(again.all()).isZero();
        for (String out : new String[] {merge.all(), report.all(), again.all(), Files.readString(tmp.resolve("m.md")),
                Files.readString(tmp.resolve("r.md")), Files.readString(tmp.resolve("r2.md"))}) {
            assertThat(out).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\r")
                    .doesNotContain("\u202E").doesNotContain("\u2028");
            assertThat(Arrays.stream(out.split("\n")).map(String::strip).filter(l -> l.startsWith("::")))
                    .as(out).isEmpty();
        }
        assertThat(merge.out()).contains("\\n\\x3a:warning title=pwned::owned\\x1b[2J\\x07\\r<U+202E>gnp.exe<U+2028>::error::x");
        assertThat(Files.readString(tmp.resolve("m.md"))).contains("&lt;U+202E&gt;gnp.exe");
    }
}
