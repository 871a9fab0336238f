package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.measure.Subject;
import io.pgolab.parse.OutputParser;
import io.pgolab.parse.Parsers;
import io.pgolab.bench.BenchEngine;
import io.pgolab.bench.BenchResults;
import io.pgolab.bench.BenchWorkload;
import io.pgolab.process.Scratch;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Shell;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Compare shell commands, the first being the baseline (no config needed).",
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

    @Option(names = "--parser", paramLabel = "NAME", description = "Read metrics from each command's output with this parser (see docs/parsers.md).")
    String parser;

    @Parameters(paramLabel = "CMD", arity = "1..*", description = "Shell commands; the first is the baseline.")
    List<String> commands = new ArrayList<>();

    @Override
    public Integer call() {
        if (aa && commands.size() != 1) {
            throw new UserError("--aa takes exactly one command", "pgolab compare --aa './app input'");
        }
        if (!aa && commands.size() < 2) {
            throw new UserError("compare needs at least two commands (the first is the baseline)",
                    "pgolab compare 'old/app input' 'new/app input', or --aa 'app input' for a noise check");
        }
        List<String> cmds = aa ? List.of(commands.get(0), commands.get(0)) : commands;
        List<String> names = names(cmds);
        Optional<OutputParser> p = Optional.ofNullable(parser).map(Parsers::byName);
        Path cwd = parent.global.workDir();
        List<Subject> subjects = new ArrayList<>();
        for (int i = 0; i < cmds.size(); i++) {
            subjects.add(new Subject(names.get(i), Shell.bash(cmds.get(i)), cwd, Map.of(), p));
        }
        Path scratch;
        try {
            scratch = Files.createTempDirectory(Scratch.dir(), "pgolab-compare-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try {
            CommandLog log = Session.commandLog(parent.global);
            BenchEngine engine = new BenchEngine(opts.benchOptions(), log, scratch, new TerminalBenchListener(System.err));
            String title = aa ? "A/A noise check: " + cmds.get(0) : "pgolab compare";
            BenchResults r = engine.run(title, List.of(new BenchWorkload(aa ? "aa" : "compare",
                    String.join(" | ", cmds), subjects)));
            return Outputs.bench(opts, r, cwd, null, null, log);
        } finally {
            io.pgolab.util.Dirs.deleteTree(scratch);
        }
    }

    private List<String> names(List<String> cmds) {
        if (aa) {
            String base = labels.isEmpty() ? "A" : labels.get(0);
            return List.of(base, base + "'");
        }
        if (!labels.isEmpty() && labels.size() != cmds.size()) {
            throw new UserError("got " + labels.size() + " labels for " + cmds.size() + " commands",
                    "give one --label per command, or none");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < cmds.size(); i++) {
            String n = labels.isEmpty() ? (cmds.get(i).length() <= 24 ? cmds.get(i) : "#" + (i + 1)) : labels.get(i);
            if (out.contains(n)) {
                n = n + " #" + (i + 1);
            }
            out.add(n);
        }
        return out;
    }
}
