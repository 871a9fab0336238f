package io.pgolab.cli;

import io.pgolab.report.files.Merge;
import io.pgolab.report.files.MergeReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Combine the gate results of several machines into one report: one section per host.",
                "Samples are never pooled across hosts; the merged verdict passes only if every host passed.",
                "Exit 0: every host passed; 1: one failed; 2: error (e.g. results of different commits)."})
final class MergeCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Parameters(paramLabel = "RESULTS.json", arity = "1..*", description = "The --json files of 'pgolab gate' runs, one per host.")
    List<Path> files = new ArrayList<>();

    @Option(names = "--json", paramLabel = "FILE", description = "Write the merged results (pgolab-merge/1). '-': stdout.")
    Path json;

    @Option(names = "--markdown", paramLabel = "FILE", description = "Write the merged report as Markdown (job summary, PR comment). '-': stdout.")
    Path markdown;

    @Option(names = "--force", description = "Merge results of different commits, configs or pgolab versions anyway (the report says what differed).")
    boolean force;

    @Option(names = "--link", paramLabel = "LABEL=URL", description = "Where host LABEL's HTML report can be opened"
            + " (e.g. its uploaded artifact): the Markdown links it and each of its differential flamegraphs. Repeatable.")
    Map<String, String> links = new LinkedHashMap<>();

    @Override
    public Integer call() {
        Path dir = parent.global.workDir();
        Merge.Merged m = Merge.of(files.stream().map(dir::resolve).toList(), force);
        MergeReport.export(m, dir, json, markdown, MergeReport.links(m, links), System.out);
        return m.passed() ? 0 : 1;
    }
}
