package io.pgolab.bench;

import io.pgolab.UserError;
import io.pgolab.measure.Subject;
import io.pgolab.parse.OutputParser;
import io.pgolab.parse.Parsers;
import io.pgolab.util.Shell;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Shell commands compared with no config ('pgolab compare'): the first is the baseline; an A/A
 * check measures one command under two labels. Labels default to the command (or #N when long).
 */
public record CommandComparison(String title, BenchWorkload workload) {

    public static CommandComparison of(List<String> commands, List<String> labels, boolean aa, Optional<String> parser,
                                       Path cwd) {
        if (aa && commands.size() != 1) {
            throw new UserError("--aa takes exactly one command", "pgolab compare --aa './app input'");
        }
        if (!aa && commands.size() < 2) {
            throw new UserError("compare needs at least two commands (the first is the baseline)",
                    "pgolab compare 'old/app input' 'new/app input', or --aa 'app input' for a noise check");
        }
        List<String> cmds = aa ? List.of(commands.get(0), commands.get(0)) : commands;
        List<String> names = aa ? aaNames(labels) : names(cmds, labels);
        Optional<OutputParser> p = parser.map(Parsers::byName);
        List<Subject> subjects = new ArrayList<>();
        for (int i = 0; i < cmds.size(); i++) {
            subjects.add(new Subject(names.get(i), Shell.bash(cmds.get(i)), cwd, Map.of(), p));
        }
        String title = aa ? "A/A noise check: " + cmds.get(0) : "pgolab compare";
        return new CommandComparison(title, new BenchWorkload(aa ? "aa" : "compare", String.join(" | ", cmds), subjects));
    }

    private static List<String> aaNames(List<String> labels) {
        String base = labels.isEmpty() ? "A" : labels.get(0);
        return List.of(base, base + "'");
    }

    private static List<String> names(List<String> cmds, List<String> labels) {
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
