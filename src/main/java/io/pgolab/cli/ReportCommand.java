package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.report.files.ReportFiles;
import io.pgolab.util.UserFile;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Render results files again, as HTML or Markdown, without running anything.",
                "Reads any --json file of bench, compare, ladder, demo and gate, and the merged file of 'pgolab merge'.",
                "Several files make one page, a section per file."})
final class ReportCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Parameters(paramLabel = "RESULTS.json", arity = "1..*", description = "Results files written by 'pgolab ... --json FILE'.")
    List<Path> files = new ArrayList<>();

    @Option(names = "--html", paramLabel = "FILE", description = "Write the self-contained HTML report (charts, flamegraphs). '-': stdout.")
    Path html;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Write the report as Markdown (issues, PRs). '-': stdout.")
    Path markdown;

    @Override
    public Integer call() {
        if (html == null && markdown == null) {
            throw new UserError("nothing to write", "pass --html FILE and/or --markdown FILE");
        }
        Path dir = parent.global.workDir();
        ReportFiles r = ReportFiles.read(files.stream().map(dir::resolve).toList());
        // a file on stdout ("-") gets stdout to itself: the summary goes to stderr
        PrintStream said = UserFile.isStdout(html) || UserFile.isStdout(markdown) ? System.err : System.out;
        r.summarize(said);
        r.write(dir, html, markdown).stream().filter(p -> !UserFile.isStdout(p)).forEach(p -> said.println("wrote " + p));
        return 0;
    }
}
