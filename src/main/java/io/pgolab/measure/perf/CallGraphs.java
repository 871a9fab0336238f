package io.pgolab.measure.perf;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.process.Scratch;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Strings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How a flamegraph's run is recorded: the event ({@code cycles} where hardware events work, else the software
 * {@code cpu-clock}) and how call stacks are unwound. LBR where this machine's perf can record LBR call stacks
 * (Intel; exact, and no stack copies); else frame pointers for a binary known to keep them (Go, or built with
 * -fno-omit-frame-pointer); else DWARF from the binary's unwind tables (.eh_frame: what optimized C, C++ and Rust
 * builds without frame pointers need); else frame pointers, whose stacks are then often cut short.
 */
public final class CallGraphs {
    /** Samples per second: enough for a share of a short (0.3 s) run to be read to a few percent. */
    public static final int FREQUENCY = 2999;
    /** Bytes of user stack copied per sample for DWARF unwinding (perf's default is 8192). */
    static final int DWARF_STACK = 16384;
    private static volatile Boolean lbr;

    private CallGraphs() {
    }

    /** "fp", "dwarf" or "lbr" for a binary. */
    public static String mode(boolean framePointers, boolean unwindTables) {
        if (lbrWorks()) {
            return "lbr";
        }
        if (framePointers) {
            return "fp";
        }
        return unwindTables ? "dwarf" : "fp";
    }

    public static String event() {
        return Perf.detect().hardwareCounters() ? "cycles" : "cpu-clock";
    }

    /** perf record's options for the event and the call graph mode (after "perf record"). */
    public static List<String> recordArgs(String event, String mode) {
        List<String> a = new ArrayList<>(List.of("-e", event, "-F", Integer.toString(FREQUENCY), "--call-graph"));
        a.add(mode.equals("dwarf") ? "dwarf," + DWARF_STACK : mode);
        return a;
    }

    /** perf script's text of a recording: one block per sample, its frames leaf first ({@link FoldedStacks#fold}). */
    public static List<String> scriptArgv(Path data) {
        return List.of("perf", "script", "-i", data.toString(), "-F", "comm,pid,tid,ip,sym,dso", "--no-inline");
    }

    /** Folds a recording with perf script, whose output goes to a scratch file (it can be large). */
    public static Map<String, Long> fold(CommandLog log, Path data) {
        Path out = null;
        try {
            out = Scratch.file("perf-script-", ".txt");
            Exec.Result r = Exec.run(log, Exec.Request.of(scriptArgv(data)).output(out)
                    .timeout(Duration.ofMinutes(10), "the recording is too large to fold; use a shorter workload"));
            if (!r.ok()) {
                throw new UserError("perf script failed on " + data + ": " + Strings.firstLine(r.output(), ""));
            }
            return FoldedStacks.fold(Files.readString(out));
        } catch (IOException e) {
            throw new UserError("cannot fold " + data + ": " + e.getMessage());
        } finally {
            if (out != null) {
                Scratch.discard(out);
            }
        }
    }

    /** Whether {@code perf record --call-graph lbr} works here: probed once. */
    static boolean lbrWorks() {
        Boolean b = lbr;
        if (b == null) {
            b = probeLbr();
            lbr = b;
        }
        return b;
    }

    private static boolean probeLbr() {
        Optional<Path> perf = Perf.detect().binary();
        if (perf.isEmpty() || !Perf.detect().branchRecords()) {
            return false;
        }
        try {
            Path tmp = Scratch.file("pgolab-lbr-probe", ".data");
            Exec.Result r = Exec.run(null, Exec.Request.of(List.of(perf.get().toString(), "record", "-q", "--call-graph", "lbr",
                    "-e", "cycles:u", "-o", tmp.toString(), "--", "true")));
            Scratch.discard(tmp);
            return r.ok();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
