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
 * Shell commands compared with no config ('pgolab compare'): the baseline (the first, or the one --baseline
 * names) is measured and listed first, the others in their order; an A/A check measures one command under two
 * labels. Labels default to the command (or #N when long). The title names the baseline.
 */
public record CommandComparison(String title, BenchWorkload workload) {
    /** How the title of a comparison (not an A/A check) starts; the rest names the baseline. */
    public static final String TITLE = "pgolab compare";

    public static CommandComparison of(List<String> commands, List<String> labels, boolean aa, Optional<String> parser,
                                       Path cwd) {
        return of(commands, labels, aa, parser, cwd, Optional.empty());
    }

    /** baseline: the command's number (1-based), label or command line; empty: the first. */
    public static CommandComparison of(List<String> commands, List<String> labels, boolean aa, Optional<String> parser,
                                       Path cwd, Optional<String> baseline) {
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
        if (aa && baseline.isPresent()) {
            throw new UserError("--baseline does not go with --aa (the one command is measured twice)",
                    "pgolab compare --aa 'app input', or give the commands to compare with --baseline N");
        }
        int base = baseline.map(b -> baselineIndex(b, cmds, names)).orElse(0);
        List<Integer> order = new ArrayList<>(List.of(base));
        for (int i = 0; i < cmds.size(); i++) {
            if (i != base) {
                order.add(i);
            }
        }
        List<Subject> subjects = new ArrayList<>();
        for (int i : order) {
            subjects.add(new Subject(names.get(i), Shell.bash(cmds.get(i)), cwd, Map.of(), p));
        }
        String title = aa ? "A/A noise check: " + cmds.get(0) : TITLE + " (baseline: " + names.get(base) + ")";
        return new CommandComparison(title, new BenchWorkload(aa ? "aa" : "compare",
                String.join(" | ", order.stream().map(cmds::get).toList()), subjects));
    }

    /** The index of the command --baseline names: its number (1-based), else its label, else its command line. */
    static int baselineIndex(String value, List<String> cmds, List<String> names) {
        String v = value.strip();
        if (v.matches("[0-9]+")) {
            int n = Integer.parseInt(v.length() > 9 ? "0" : v);
            if (n >= 1 && n <= cmds.size()) {
                return n - 1;
            }
        } else {
            if (names.contains(v)) {   // labels are unique
                return names.indexOf(v);
            }
            if (cmds.indexOf(v) >= 0 && cmds.indexOf(v) == cmds.lastIndexOf(v)) {
                return cmds.indexOf(v);
            }
        }
        StringBuilder valid = new StringBuilder();
        for (int i = 0; i < cmds.size(); i++) {
            valid.append(i == 0 ? "" : ", ").append(i + 1).append(" or '").append(names.get(i)).append("'")
                    .append(names.get(i).equals(cmds.get(i)) ? "" : " (" + cmds.get(i) + ")");
        }
        throw new UserError("--baseline '" + value + "' is none of the " + cmds.size() + " commands",
                "give a command's number or label: " + valid);
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
