package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 11, findings 6 and 7: a project directory named like shell code is never executed; demo and
 * init work in paths with spaces and quotes; Markdown tables survive labels with pipes and newlines.
 */
class HostileNamesIT {
    @TempDir
    Path tmp;

    @Test
    void theDemoProjectBuildsAndTrainsInADirectoryNamedLikeShellCode() throws Exception {
        Path dir = tmp.resolve("it's a $(touch PWNED) `touch PWNED2` dir");
        Cli.Result w = Cli.run(tmp, "demo", "--write-only", "--toolchain", "gcc", "--dir", dir.toString());
        assertThat(w.exitCode()).as(w.all()).isZero();
        Cli.Result b = Cli.run(dir, "build");
        assertThat(b.exitCode()).as(b.all()).isZero();
        assertThat(b.out()).contains("pgo").contains("0 mismatched, 0 missing");
        assertThat(pwned()).as("files made by the directory name's shell code").isEmpty();
    }

    @Test
    void theDemoRefusesADirectoryThatIsNotAnEarlierDemo() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(dir.resolve("notes.txt"), "precious");
        Cli.Result w = Cli.run(tmp, "demo", "--write-only", "--dir", dir.toString());
        assertThat(w.exitCode()).isEqualTo(2);
        assertThat(w.err()).contains("is not empty and is not a pgolab demo project");
        assertThat(dir.resolve("demo.c")).doesNotExist();
        assertThat(Cli.run(tmp, "demo", "--write-only", "--dir", tmp.resolve("new").toString()).exitCode()).isZero();
        assertThat(Cli.run(tmp, "demo", "--write-only", "--dir", tmp.resolve("new").toString()).exitCode())
                .as("an earlier demo's directory is reused").isZero();
    }

    @Test
    void initsStarterBuildsInAPathWithSpaces() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("my project 'one'"));
        Files.writeString(dir.resolve("Makefile"), "app: main.c\n\t$(CC) $(CFLAGS) -o app main.c $(LDFLAGS)\n");
        Files.writeString(dir.resolve("main.c"), "int main(void) { return 0; }\n");
        Cli.Result init = Cli.run(dir, "init", "--toolchain", "gcc");
        assertThat(init.exitCode()).as(init.all()).isZero();
        Path toml = dir.resolve("pgolab.toml");
        Files.writeString(toml, Files.readString(toml).replace("{srcdir}/CHANGE_ME", "{srcdir}/app")
                .replace("{binary} --help", "{binary}"));
        Cli.Result b = Cli.run(dir, "build");
        assertThat(b.exitCode()).as(b.all()).isZero();
        assertThat(b.out()).contains("pgo");
        // the starter's training runs almost nothing: the pgo program is release's bytes, which is said (no cache: a warning)
        assertThat(b.err()).contains("byte-for-byte release's", "Either training ran too little");
    }

    @Test
    void markdownTablesSurviveLabelsWithPipesNewlinesAndHtml() throws Exception {
        Cli.Result r = Cli.run(tmp, "compare", "--max-time", "1s", "--min-rounds", "5", "--max-rounds", "5",
                "--markdown", "r.md", "-n", "a | b", "-n", "<b>x</b>\nnext", "echo 1 | cat", "true");
        assertThat(r.exitCode()).as(r.all()).isZero();
        List<String> rows = Files.readAllLines(tmp.resolve("r.md")).stream().filter(l -> l.startsWith("| ")).toList();
        assertThat(rows).isNotEmpty();
        long header = rows.get(0).chars().filter(c -> c == '|').count();
        for (String row : rows) {
            assertThat(row.replace("\\|", "").chars().filter(c -> c == '|').count()).as(row).isEqualTo(header);
            assertThat(row).doesNotContain("<b>");
        }
        assertThat(Files.readString(tmp.resolve("r.md"))).contains("`echo 1 | cat | true`");
    }

    @Test
    void theHtmlReportShowsAScriptLabelAsTextInTheBrowser() throws Exception {
        String hostile = "<script>alert(1)</script>";
        Cli.Result r = Cli.run(tmp, "compare", "--max-time", "1s", "--min-rounds", "5", "--max-rounds", "5",
                "--html", "r.html", "-n", hostile, "-n", "<img src=x onerror=alert(2)>", "true", "true");
        assertThat(r.exitCode()).as(r.all()).isZero();
        String page = Files.readString(tmp.resolve("r.html"));
        assertThat(page).doesNotContain(hostile).doesNotContain("<img src=x").contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        try (io.pgolab.report.ReportBrowser b = io.pgolab.report.ReportBrowser.open()) {
            b.check(tmp.resolve("r.html")); // drawn, no console error, no alert
            assertThat(b.texts("table.results td")).contains(hostile + " → <img src=x onerror=alert(2)>");
            assertThat(b.js("return document.querySelectorAll('img').length")).isEqualTo(0L);
        }
    }

    private List<Path> pwned() throws Exception {
        try (Stream<Path> s = Stream.of(tmp, Path.of("").toAbsolutePath()).flatMap(d -> {
            try {
                return Files.walk(d, 3);
            } catch (java.io.IOException e) {
                return Stream.empty();
            }
        })) {
            return s.filter(p -> p.getFileName() != null && p.getFileName().toString().startsWith("PWNED")).toList();
        }
    }
}
