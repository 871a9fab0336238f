package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.bench.BenchEngine;
import io.pgolab.bench.CommandComparison;
import io.pgolab.process.Scratch;
import io.pgolab.report.Results;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Dirs;
import io.pgolab.util.FirstFailure;
import io.pgolab.util.Shell;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare shell commands, the first (or --baseline) being the baseline (no config needed).",
                "Like hyperfine, with interleaved rounds, CPU time, a CI of the ratio and a verdict.",
                "'--aa CMD' compares a command with itself to show this machine's noise floor."})
final class CompareCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Mixin
    MeasureOptions opts;

    @Option(names = "--aa", description = "A/A run: measure the one command twice under two labels.")
    boolean aa;

    @Option(names = {"-n", "--label"}, paramLabel = "NAME", description = "Label for each command, in order (default: the command).")
    List<String> labels = new ArrayList<>();

    @Option(names = "--baseline", paramLabel = "N|NAME", description = "The baseline: a command's number (1-based),"
            + " label or command line (default: the first). It is measured and listed first; every output names it.")
    String baseline;

    @Option(names = "--parser", paramLabel = "NAME", description = "Read metrics from each command's output with this parser (see docs/parsers.md).")
    String parser;

    @Parameters(paramLabel = "CMD", arity = "1..*", description = "Shell commands; the first is the baseline unless --baseline.")
    List<String> commands = new ArrayList<>();

    @Override
    public Integer call() {
        if (opts.flamegraph) {
            throw new UserError("--flamegraph records built variants; compare runs commands outside any project",
                    "use 'pgolab bench --flamegraph' in a project (or record the commands with perf record yourself)");
        }
        Path cwd = parent.global.workDir();
        CommandComparison c = CommandComparison.of(commands, labels, aa, Optional.ofNullable(parser), cwd,
                Optional.ofNullable(baseline));
        Path scratch = Scratch.newDir("compare-");
        // a scratch directory that cannot be removed is reported after the comparison's own error, not instead
        return FirstFailure.withCleanup(() -> {
            CommandLog log = Session.commandLog(parent.global);
            BenchEngine engine = new BenchEngine(opts.benchOptions(), log, scratch, new TerminalBenchListener(System.err));
            Results results = Results.compare(log, engine.run(c.title(), List.of(c.workload())));
            opts.exports(cwd).write(results);
            return opts.exitCode(results);
        }, () -> Dirs.deleteTree(scratch));
    }
}
