package io.pgolab.toolchain.llvm;

import io.pgolab.toolchain.FailureMode;
import io.pgolab.toolchain.MergeRun;
import io.pgolab.util.Text;
import io.pgolab.UserError;
import io.pgolab.util.CommandLog;
import io.pgolab.process.Exec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * llvm-profdata merge with pgolab's failure policy: the default stops and names the file that
 * llvm-profdata rejected; WARN drops that file, retries, and reports what was dropped.
 */
final class LlvmMerge {
    private static final Pattern FILE_PROBLEM = Pattern.compile("(?m)^(?:warning|error): (.+?): (.+)$");
    private final Path tool;
    private final CommandLog log;

    LlvmMerge(Path tool, CommandLog log) {
        this.tool = tool;
        this.log = log;
    }

    void mergeDroppingBad(List<Path> files, Path out, FailureMode mode, List<String> dropped) {
        List<Path> todo = new ArrayList<>(files);
        while (!todo.isEmpty()) {
            List<String> argv = new ArrayList<>(List.of(tool.toString(), "merge", "--failure-mode=any", "-o", out.toString()));
            todo.forEach(f -> argv.add(f.toString()));
            Exec.Result r = MergeRun.run(log, argv, out, MergeRun.sizeOf(todo));
            if (r.ok()) {
                return;
            }
            Path bad = null;
            String why = "";
            Matcher m = FILE_PROBLEM.matcher(r.output());
            while (m.find() && bad == null) {
                for (Path f : todo) {
                    if (f.toString().equals(m.group(1))) {
                        bad = f;
                        why = m.group(2);
                    }
                }
            }
            if (bad == null) {
                throw new UserError("llvm-profdata merge failed:\n" + Text.lastLines(r.output(), 40),
                        "run the command shown with --verbose by hand to see more");
            }
            String problem = "raw profile " + bad + " is unreadable: " + why;
            if (mode == FailureMode.FAIL) {
                throw new UserError(problem, why.contains("version")
                        ? "the profile was written by another LLVM version than llvm-profdata's; use one LLVM version throughout"
                        : "it was probably cut short by a crash or kill; re-run 'pgolab train', or pass"
                                + " --failure-mode warn to merge the other files");
            }
            dropped.add(problem);
            todo.remove(bad);
        }
        throw new UserError("no raw profile could be merged: " + String.join("; ", dropped),
                "re-run 'pgolab train'");
    }
}
