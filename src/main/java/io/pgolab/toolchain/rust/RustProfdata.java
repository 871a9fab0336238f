package io.pgolab.toolchain.rust;

import io.pgolab.UserError;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.toolchain.llvm.LlvmRawHeader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Pairs an llvm-profdata with rustc's LLVM. Best: the same major (rustup's llvm-tools, or an
 * installed llvm-N). Accepted with a note: another major whose raw profile format is the one rustc
 * writes and that is not newer than rustc's LLVM (its indexed output must stay readable by rustc),
 * e.g. Debian's LLVM 19 for rustc's LLVM 22 (both raw format v10). Refused, with the fix: anything
 * else, e.g. LLVM 14 (raw v8).
 */
public final class RustProfdata {
    /** A tool found on this machine and where it came from ("rustup llvm-tools", "llvm-19", ...). */
    public record Candidate(Path path, int major, String origin) {
    }

    /** The pairing: a tool with a note when it is not an exact match, or a refusal with its fix. */
    public record Choice(Optional<Candidate> tool, String note, String problem, String fix) {
        public boolean usable() {
            return tool.isPresent();
        }

        public Path path() {
            return tool.orElseThrow().path();
        }

        public UserError refusal() {
            return new UserError(problem, fix);
        }

        /** The same choice with rustup's install commands aimed at that toolchain (the project's pinned one). */
        public Choice forToolchain(String toolchain) {
            String add = "rustup component add llvm-tools";
            String mine = add + " --toolchain " + toolchain;
            return new Choice(tool, note.replace(add, mine), problem, fix.replace(add, mine));
        }
    }

    private RustProfdata() {
    }

    public static String installFix(int rustcMajor) {
        return "rustup component add llvm-tools   (or: apt-get install -y llvm-" + rustcMajor
                + ", or set [toolchain] llvm_profdata = \"/path/to/llvm-profdata\" of LLVM " + rustcMajor + ")";
    }

    /** Finds candidates on this machine (override only, when given) and decides. */
    public static Choice choose(RustcInfo rc, Optional<String> override) {
        List<Candidate> found = new ArrayList<>();
        if (override.isPresent()) {
            Path p = ToolLocator.onPath(override.get()).orElseThrow(() -> new UserError(
                    "toolchain.llvm_profdata = \"" + override.get() + "\" was not found",
                    "give the full path of an llvm-profdata, or remove the key to let pgolab pick one"));
            found.add(new Candidate(p, majorOf(p), "toolchain.llvm_profdata"));
            return decide(rc.llvmMajor(), rc.release(), found, true);
        }
        Path rustup = rc.llvmToolsDir().resolve("llvm-profdata");
        if (Files.isExecutable(rustup)) {
            found.add(new Candidate(rustup, majorOf(rustup), "rustup llvm-tools"));
        }
        ToolLocator.llvmTool(rc.llvmMajor(), "llvm-profdata").ifPresent(p -> found.add(new Candidate(p, rc.llvmMajor(), "llvm-" + rc.llvmMajor())));
        for (int m : ToolLocator.llvmMajors()) {
            ToolLocator.llvmTool(m, "llvm-profdata").ifPresent(p -> found.add(new Candidate(p, m, "llvm-" + m)));
        }
        ToolLocator.onPath("llvm-profdata").ifPresent(p -> found.add(new Candidate(p, majorOf(p), "PATH")));
        return decide(rc.llvmMajor(), rc.release(), found, false);
    }

    /** Pure decision, unit-tested: first exact major, else first compatible, else a refusal naming what was seen. */
    static Choice decide(int rustcMajor, String rustRelease, List<Candidate> found, boolean override) {
        int raw = LlvmRawHeader.newestReadableBy(rustcMajor);
        String rust = "rustc " + rustRelease + " (LLVM " + rustcMajor + ")";
        for (Candidate c : found) {
            if (c.major() == rustcMajor) {
                return new Choice(Optional.of(c), "", "", "");
            }
        }
        for (Candidate c : found) {
            if (c.major() > 0 && c.major() < rustcMajor && LlvmRawHeader.newestReadableBy(c.major()) == raw) {
                return new Choice(Optional.of(c), "llvm-profdata " + c.major() + " used for " + rust + ": raw format v"
                        + raw + " read by both; install llvm-tools for an exact match: rustup component add llvm-tools",
                        "", "");
            }
        }
        List<String> seen = found.stream().map(c -> c.path() + " is LLVM " + (c.major() > 0 ? c.major() : "?")
                + " (raw format v" + LlvmRawHeader.newestReadableBy(c.major()) + ")").distinct().toList();
        String problem = (override ? "toolchain.llvm_profdata does not fit " : "no llvm-profdata fits ") + rust
                + ", which writes raw profile format v" + raw
                + (seen.isEmpty() ? "; none is installed" : ": " + String.join("; ", seen))
                + (found.stream().anyMatch(c -> c.major() > rustcMajor)
                        ? " (a newer LLVM's profile may not be readable by rustc's LLVM)" : "");
        return new Choice(Optional.empty(), "", problem, installFix(rustcMajor));
    }

    private static int majorOf(Path p) {
        OptionalInt m = ToolLocator.llvmMajorOf(p);
        return m.orElse(0);
    }
}
