package io.pgolab.report.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.report.GoldenReportTest;
import io.pgolab.report.Exporter;
import io.pgolab.report.Fixtures;
import io.pgolab.report.Results;
import io.pgolab.util.CommandLog;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manager: the terminal table, every file asked for with its exporter, write errors as user errors. */
class ExportsReportTest {
    @TempDir
    Path tmp;

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final PrintStream terminal = new PrintStream(out, true, StandardCharsets.UTF_8);

    @Test
    void printsTheTableAndWritesEveryFileAskedFor() throws Exception {
        Results r = Results.compare(CommandLog.silent(), Fixtures.bench());
        Exports e = Exports.of(tmp, terminal).to(Path.of("r.md"), Exports.markdown()).to(null, Exports.json())
                .to(tmp.resolve("sub/dir/r.csv"), Exports.csv());
        e.write(r);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(Exports.text().render(r));
        assertThat(e.files()).containsExactly(tmp.resolve("r.md"), tmp.resolve("sub/dir/r.csv"));
        assertThat(Files.readString(tmp.resolve("r.md"))).isEqualTo(Exports.markdown().render(r));
        assertThat(Files.readString(tmp.resolve("sub/dir/r.csv"))).isEqualTo(Exports.csv().render(r));
        try (var files = Files.list(tmp)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("r.md", "sub");
        }
    }

    /** The seam a future HTML report plugs into: any Exporter, any file. */
    @Test
    void anyExporterPlugsIn() throws Exception {
        Exporter titles = res -> "<h1>" + res.bench().title() + "</h1>\n";
        Exports.of(tmp, terminal).to(Path.of("r.html"), titles).write(Results.compare(CommandLog.silent(), Fixtures.bench()));
        assertThat(Files.readString(tmp.resolve("r.html"))).isEqualTo("<h1>pgolab bench: tiny</h1>\n");
    }

    @Test
    void anUnwritablePathIsAUserError() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain-file"), "x");
        Exports e = Exports.of(tmp, terminal).to(file.resolve("r.md"), Exports.markdown());
        assertThatThrownBy(() -> e.write(Results.compare(CommandLog.silent(), Fixtures.bench())))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("cannot write " + file.resolve("r.md") + ": ")
                .satisfies(x -> assertThat(((UserError) x).hint()).isEqualTo("pass a path in a writable directory"));
    }

    @Test
    void exitCodeFactsComeFromTheResults() {
        assertThat(Results.compare(CommandLog.silent(), Fixtures.bench()).regressed()).isTrue(); // pgo+lto regressed
        assertThat(Results.compare(CommandLog.silent(), Fixtures.deterministic()).regressed()).isFalse();
        assertThat(Results.build(GoldenReportTest.SOURCE, Fixtures.outcome()).regressed()).isFalse();
    }
}
