package io.pgolab.doctor;

import io.pgolab.toolchain.llvm.ClangInstall;
import io.pgolab.toolchain.gcc.GccInstall;
import io.pgolab.toolchain.detect.Installs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

/** The clang, gcc, other-LLVM and BOLT lines of 'pgolab doctor', from discovered installs only (pure). */
final class CompilerChecks {
    /** LLVM tools doctor reports for a clang, each of clang's own major, and the Debian package with it. */
    private static final Map<String, String> CLANG_TOOLS = new LinkedHashMap<>();

    static {
        CLANG_TOOLS.put("llvm-profdata", "llvm");
        CLANG_TOOLS.put("llvm-ar", "llvm");
        CLANG_TOOLS.put("ld.lld", "lld");
        CLANG_TOOLS.put("llvm-bolt", "bolt");
        CLANG_TOOLS.put("perf2bolt", "bolt");
        CLANG_TOOLS.put("merge-fdata", "bolt");
    }

    private CompilerChecks() {
    }

    static List<DoctorCheck> clang(ClangInstall c) {
        int n = c.major();
        List<DoctorCheck> out = new ArrayList<>();
        out.add(DoctorCheck.ok("clang " + c.version(), c.cc().toString()));
        for (Map.Entry<String, String> e : CLANG_TOOLS.entrySet()) {
            String tool = e.getKey();
            String subject = tool + " " + n;
            String fix = "apt-get install -y " + e.getValue() + "-" + n;
            ClangInstall.LlvmTool t = c.tools().get(tool);
            if (t != null) {
                OptionalInt actual = t.llvmMajor();
                if (actual.isPresent() && actual.getAsInt() != n) {
                    out.add(DoctorCheck.warn(subject, t.path() + " is LLVM " + actual.getAsInt() + ", not " + n, fix));
                } else {
                    out.add(DoctorCheck.ok(subject, t.path().toString()));
                }
            } else if (ReadinessMatrix.BOLT_TOOLS.contains(tool)) {
                out.add(DoctorCheck.info(subject, "not installed (BOLT, not needed yet)", fix));
            } else {
                out.add(DoctorCheck.missing(subject, "not installed; needed for "
                        + (tool.equals("llvm-profdata") ? "pgo" : "lto"), fix));
            }
        }
        String rtSubject = "libclang_rt.profile " + n;
        out.add(c.profileRuntime()
                .map(p -> DoctorCheck.ok(rtSubject, p.toString()))
                .orElse(DoctorCheck.missing(rtSubject, "profile runtime missing: instrumented (pgo) links fail",
                        "apt-get install -y libclang-rt-" + n + "-dev")));
        return out;
    }

    static List<DoctorCheck> gcc(GccInstall g) {
        int n = g.major();
        String fix = "apt-get install -y gcc-" + n;
        List<DoctorCheck> out = new ArrayList<>();
        out.add(DoctorCheck.ok("gcc " + g.version(), g.cc().toString()));
        out.add(tool("gcov-tool " + n, g.gcovTool(), "pgo (merging profiles)", fix));
        out.add(tool("gcov-dump " + n, g.gcovDump(), "pgo (checking profiles)", fix));
        out.add(tool("gcc-ar " + n, g.gccAr(), "lto (archives of LTO objects)", fix));
        return out;
    }

    private static DoctorCheck tool(String subject, Optional<Path> p, String neededFor, String fix) {
        return p.map(q -> DoctorCheck.ok(subject, q.toString()))
                .orElse(DoctorCheck.missing(subject, "not installed; needed for " + neededFor, fix));
    }

    /** The unversioned llvm-profdata on PATH (Debian 12: LLVM 14) and LLVM installs without a clang. */
    static List<DoctorCheck> otherLlvm(Installs in) {
        List<DoctorCheck> out = new ArrayList<>();
        Optional<ClangInstall> newest = in.clangs().stream().max((a, b) -> Integer.compare(a.major(), b.major()));
        String subject = "llvm-profdata (unversioned)";
        if (in.plainProfdata().isEmpty()) {
            out.add(DoctorCheck.ok(subject, "none on PATH (fine: pgolab picks one by version)"));
        } else {
            Path p = in.plainProfdata().get().path();
            OptionalInt m = in.plainProfdata().get().llvmMajor();
            String llvm = m.isPresent() ? "LLVM " + m.getAsInt() : "unknown LLVM version";
            if (newest.isEmpty()) {
                out.add(DoctorCheck.info(subject, llvm + "  " + p, ""));
            } else if (m.isPresent() && m.getAsInt() == newest.get().major()) {
                out.add(DoctorCheck.ok(subject, llvm + "  " + p));
            } else {
                int n = newest.get().major();
                Optional<Path> paired = newest.get().profdata();
                out.add(DoctorCheck.warn(subject, p + " is " + llvm + ": cannot read clang " + n
                        + " profiles; " + paired.map(q -> "pgolab uses " + q + " instead")
                                .orElse("pgolab needs llvm-profdata " + n),
                        paired.isPresent() ? "" : "apt-get install -y llvm-" + n));
            }
        }
        Set<Integer> withClang = in.clangs().stream().map(ClangInstall::major).collect(Collectors.toSet());
        for (int m : in.llvmMajors()) {
            if (!withClang.contains(m)) {
                out.add(DoctorCheck.info("LLVM " + m, "/usr/lib/llvm-" + m + " has no clang-" + m
                        + " (tools only, not a toolchain)", ""));
            }
        }
        return out;
    }

    /** Whether BOLT of the first clang's major is there, and which profile mode suits this host. */
    static DoctorCheck bolt(Installs in, boolean hardwareCounters) {
        Optional<ClangInstall> first = ReadinessMatrix.boltClang(in);
        if (first.isEmpty()) {
            return DoctorCheck.info("bolt", "needs a clang with BOLT of its version",
                    "apt-get install -y clang-19 llvm-19 lld-19 bolt-19 libclang-rt-19-dev");
        }
        ClangInstall c = first.get();
        List<String> absent = ReadinessMatrix.BOLT_TOOLS.stream().filter(t -> c.tool(t).isEmpty())
                .map(t -> t + " " + c.major()).toList();
        if (!absent.isEmpty()) {
            return DoctorCheck.info("bolt", "not ready: no " + String.join(", ", absent),
                    "apt-get install -y bolt-" + c.major());
        }
        String mode = hardwareCounters
                ? "BOLT instrumentation, or perf sampling (hardware counters work; [bolt] profile = \"auto\" checks for LBR)"
                : "BOLT instrumentation (default here), or perf cpu-clock samples with [bolt] profile = \"perf\""
                        + " (no hardware counters, so no branch records: smaller gains)";
        return DoctorCheck.ok("bolt", "BOLT " + c.major() + " ready: " + mode);
    }
}
