package io.pgolab.report.files;

import io.pgolab.UserError;
import io.pgolab.report.Exporter;
import io.pgolab.report.Results;
import io.pgolab.report.html.FlameFiles;
import io.pgolab.report.html.HtmlExporter;
import io.pgolab.report.json.JsonExporter;
import io.pgolab.report.json.VerdictExporter;
import io.pgolab.report.text.CsvExporter;
import io.pgolab.report.text.MarkdownExporter;
import io.pgolab.report.text.TextExporter;
import io.pgolab.util.UserFile;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a command's results go: the terminal (the {@link #text() text} exporter on stdout) and every file
 * asked for, each with its exporter. The one place results are written; a new format (HTML) is one more
 * {@link #to} here and one more option in the CLI.
 */
public final class Exports {
    private record Target(Path file, Exporter exporter) {
    }

    private final Path workDir;
    private PrintStream terminal;
    private final List<Target> files = new ArrayList<>();

    private Exports(Path workDir, PrintStream terminal) {
        this.workDir = workDir;
        this.terminal = terminal;
    }

    /** The terminal only; files are added with {@link #to}. Relative paths are resolved against workDir. */
    public static Exports of(Path workDir, PrintStream terminal) {
        return new Exports(workDir, terminal);
    }

    /** --json, --markdown and --csv as given (null when not asked), with the terminal on System.out. */
    public static Exports of(Path workDir, Path json, Path markdown, Path csv) {
        return of(workDir, System.out).to(json, json()).to(markdown, markdown())
                .to(csv, csv());
    }

    /**
     * Also writes FILE with this exporter; a null FILE (option not given) adds nothing. FILE "-" is stdout (for
     * one file at most), and then the terminal output goes to stderr, so that stdout holds the file alone.
     */
    public Exports to(Path file, Exporter exporter) {
        if (file != null) {
            if (UserFile.isStdout(file) && files.stream().anyMatch(t -> UserFile.isStdout(t.file()))) {
                throw new UserError("two outputs are '-' (stdout)", "write one of them to a file");
            }
            files.add(new Target(UserFile.resolve(workDir, file), exporter));
            if (UserFile.isStdout(file)) {
                terminal = System.err;
            }
        }
        return this;
    }

    /** Prints the terminal output, then writes every file, in the order they were added. */
    public void write(Results r) {
        print(r);
        for (Target t : files) {
            write(t.file(), t.exporter().render(r));
            if (!UserFile.isStdout(t.file())) {   // on stdout, no name to put the SVGs beside: the page has them inline
                t.exporter().besides(r).forEach((suffix, text) -> write(FlameFiles.beside(t.file(), suffix), text));
            }
        }
    }

    /** The files alone, without the terminal output (a failed build's results, before its error is shown). */
    public void writeFiles(Results r) {
        for (Target t : files) {
            write(t.file(), t.exporter().render(r));
        }
    }

    /** The terminal output alone (demo prints its builds' table before it measures). */
    public void print(Results r) {
        terminal.print(text().render(r));
        terminal.flush();
    }

    /** The files written, absolute. */
    public List<Path> files() {
        return files.stream().map(Target::file).toList();
    }

    /** The exporters of each format: the terminal table, Markdown, JSON, the gate's verdict file, HTML, CSV. */
    public static Exporter text() {
        return new TextExporter();
    }

    public static Exporter markdown() {
        return new MarkdownExporter();
    }

    public static Exporter json() {
        return new JsonExporter();
    }

    /** The gate's verdict file (pgolab-verdict/1); "" for results that are not a gate's. */
    public static Exporter verdict() {
        return new VerdictExporter();
    }

    /** The self-contained HTML report (charts, flamegraphs). */
    public static Exporter html() {
        return new HtmlExporter();
    }

    public static Exporter csv() {
        return new CsvExporter();
    }

    /** In one piece, never over a device or a symlink: see {@link UserFile}. */
    static void write(Path file, String text) {
        UserFile.write(file, text);
    }

    /** As {@link #write(Path, String)}, the bytes written by body (a merged file can be too large for one String). */
    static void write(Path file, UserFile.Body body) {
        UserFile.write(file, body);
    }
}
