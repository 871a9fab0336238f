package io.pgolab.doctor;

import io.pgolab.toolchain.Toolchains;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.toolchain.GccToolchain;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.toolchain.ClangToolchain;
import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.ToolchainSpec;
import io.pgolab.config.Variant;
import io.pgolab.process.Exec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * 'pgolab doctor': finds the compilers and profile tools on this machine, pairs them by version
 * the way the toolchains do, and says which variants each can build and what to install for the
 * rest. Never prints; {@link #render} turns a {@link Report} into text.
 */
public final class Doctor {
    /** LLVM tools a clang needs or can use, each of clang's own major, and the Debian package with it. */
    private static final Map<String, String> CLANG_TOOLS = new LinkedHashMap<>();

    static {
        CLANG_TOOLS.put("llvm-profdata", "llvm");
        CLANG_TOOLS.put("llvm-ar", "llvm");
        CLANG_TOOLS.put("ld.lld", "lld");
        CLANG_TOOLS.put("llvm-bolt", "bolt");
        CLANG_TOOLS.put("perf2bolt", "bolt");
        CLANG_TOOLS.put("merge-fdata", "bolt");
    }

    private static final List<String> BOLT_TOOLS = List.of("llvm-bolt", "perf2bolt", "merge-fdata");

    /** Toolchain.detect needs a scratch path; nothing is written there by detection or require(). */
    private static final Path SCRATCH = Path.of(System.getProperty("java.io.tmpdir"), "pgolab-doctor");

    /** A titled group of checks. */
    public record Section(String title, List<DoctorCheck> checks) {
    }

    /** Whether one toolchain can build one variant; needs and fix are empty when it can. */
    public record Readiness(String kind, String toolchain, String variant, boolean buildable,
                            List<String> needs, String fix) {
    }

    /**
     * Everything doctor found. readiness: every detected toolchain x every known variant.
     * configured: the config's variants with the configured toolchain (empty without a config).
     */
    public record Report(List<Section> sections, List<Readiness> readiness, List<Readiness> configured,
                         boolean configPresent, int exitCode) {
    }

    /** A piece a variant needs that is absent: what, and the package (or hint) that brings it. */
    private record Gap(String piece, String pkg, String hint) {
        static Gap pkg(String piece, String pkg) {
            return new Gap(piece, pkg, "");
        }
    }

    /** One C compiler and the tools paired with it. */
    private interface Compiler {
        String kind();

        Path cc();

        int major();

        String version();

        List<Gap> gaps(Variant v);

        default String label() {
            return kind() + " " + version();
        }
    }

    record ClangInfo(Path cc, int major, String version, Map<String, Optional<Path>> tools,
                     Optional<Path> profileRuntime) implements Compiler {
        @Override
        public String kind() {
            return "clang";
        }

        Optional<Path> tool(String name) {
            return tools.getOrDefault(name, Optional.empty());
        }

        @Override
        public List<Gap> gaps(Variant v) {
            List<Gap> gaps = new ArrayList<>();
            if (v.lto()) {
                if (tool("ld.lld").isEmpty()) {
                    gaps.add(Gap.pkg("ld.lld " + major, "lld-" + major));
                }
                if (tool("llvm-ar").isEmpty()) {
                    gaps.add(Gap.pkg("llvm-ar " + major, "llvm-" + major));
                }
            }
            if (v.pgo()) {
                if (tool("llvm-profdata").isEmpty()) {
                    gaps.add(Gap.pkg("llvm-profdata " + major, "llvm-" + major));
                }
                if (profileRuntime.isEmpty()) {
                    gaps.add(Gap.pkg("profile runtime libclang_rt.profile " + major, "libclang-rt-" + major + "-dev"));
                }
            }
            if (v.bolt() && BOLT_TOOLS.stream().anyMatch(t -> tool(t).isEmpty())) {
                gaps.add(Gap.pkg("llvm-bolt and merge-fdata " + major, "bolt-" + major));
            }
            return gaps;
        }
    }

    record GccInfo(Path cc, int major, String version, Optional<Path> gcovTool, Optional<Path> gcovDump,
                   Optional<Path> gccAr) implements Compiler {
        @Override
        public String kind() {
            return "gcc";
        }

        @Override
        public List<Gap> gaps(Variant v) {
            List<Gap> gaps = new ArrayList<>();
            if (v.lto() && gccAr.isEmpty()) {
                gaps.add(Gap.pkg("gcc-ar-" + major, "gcc-" + major));
            }
            if (v.pgo()) {
                if (gcovTool.isEmpty()) {
                    gaps.add(Gap.pkg("gcov-tool-" + major, "gcc-" + major));
                }
                if (gcovDump.isEmpty()) {
                    gaps.add(Gap.pkg("gcov-dump-" + major, "gcc-" + major));
                }
            }
            if (v.bolt() && ToolLocator.llvmMajors().stream().noneMatch(m -> ToolLocator.llvmTool(m, "llvm-bolt").isPresent()
                    && ToolLocator.llvmTool(m, "merge-fdata").isPresent())) {
                gaps.add(Gap.pkg("llvm-bolt and merge-fdata (any LLVM version)", "bolt-19"));
            }
            return gaps;
        }
    }

    private Doctor() {
    }

    /**
     * Examines this machine and, when config is present, the configured toolchain and variants.
     * configFile is only named in the report when there is no config.
     */
    public static Report examine(Optional<Config> config, Path configFile) {
        List<Section> sections = new ArrayList<>();
        List<Integer> majors = ToolLocator.llvmMajors();
        List<ClangInfo> clangs = findClangs(majors);
        Optional<GccInfo> gcc = ToolLocator.onPath("gcc").flatMap(Doctor::gccAt);

        for (ClangInfo c : clangs) {
            sections.add(new Section("clang " + c.major(), clangChecks(c)));
        }
        if (clangs.isEmpty()) {
            sections.add(new Section("clang", List.of(DoctorCheck.info("clang", "no clang installed",
                    "apt-get install -y clang-19 llvm-19 lld-19 libclang-rt-19-dev"))));
        }
        sections.add(new Section(gcc.map(g -> "gcc " + g.major()).orElse("gcc"), gcc.map(Doctor::gccChecks).orElse(List.of(
                DoctorCheck.info("gcc", "not installed", "apt-get install -y gcc g++")))));
        sections.add(new Section("go", GoDoctor.checks()));
        sections.add(new Section("other LLVM tools", otherLlvm(majors, clangs)));
        Optional<DoctorRust.Found> rust = DoctorRust.find(configFile.toAbsolutePath().getParent());
        sections.add(new Section("rust (cargo)", DoctorRust.checks(rust)));

        DoctorHost.Perf perf = DoctorHost.perf();
        List<DoctorCheck> measure = new ArrayList<>(perf.checks());
        measure.add(DoctorHost.valgrind());
        sections.add(new Section("perf and measurement", measure));
        sections.add(new Section("JDKs", DoctorHost.jdks()));
        sections.add(new Section("optional tools", DoctorHost.optionalTools()));

        List<Compiler> compilers = new ArrayList<>(clangs);
        gcc.ifPresent(compilers::add);
        List<Readiness> readiness = new ArrayList<>();
        List<DoctorCheck> variantChecks = new ArrayList<>();
        for (Compiler c : compilers) {
            for (Variant v : Variant.KNOWN) {
                Readiness r = readiness(c, v, List.of());
                readiness.add(r);
                variantChecks.add(variantCheck(c.kind() + " " + c.major() + " " + v, r));
            }
        }
        rust.ifPresent(r -> {
            for (Variant v : Variant.KNOWN) {
                List<Gap> gaps = v.pgo() && !r.profdata().usable()
                        ? List.of(new Gap("an llvm-profdata that reads rustc's profiles", "", r.profdata().fix())) : List.of();
                Readiness rd = readiness("cargo", r.label(), v, gaps);
                readiness.add(rd);
                variantChecks.add(variantCheck("cargo " + v, rd));
            }
        });
        variantChecks.add(boltReadiness(clangs, perf));
        sections.add(new Section("variants on this machine", variantChecks));

        List<Readiness> configured = List.of();
        List<DoctorCheck> result = new ArrayList<>();
        int exit;
        if (config.isPresent()) {
            Config cfg = config.get();
            List<DoctorCheck> cfgChecks = new ArrayList<>();
            configured = configured(cfg, clangs, gcc, cfgChecks);
            sections.add(new Section("config " + cfg.file(), cfgChecks));
            List<Readiness> bad = configured.stream().filter(r -> !r.buildable()).toList();
            // Variants missing the same pieces share one line.
            Map<List<String>, List<Readiness>> byNeeds = new LinkedHashMap<>();
            for (Readiness r : bad) {
                byNeeds.computeIfAbsent(List.of(String.join(", ", r.needs()), r.fix()), k -> new ArrayList<>()).add(r);
            }
            for (List<Readiness> group : byNeeds.values()) {
                Readiness r = group.get(0);
                String names = group.stream().map(Readiness::variant).collect(Collectors.joining(", "));
                result.add(DoctorCheck.missing((group.size() == 1 ? "variant " : "variants ") + names,
                        "cannot be built with " + r.toolchain() + ": needs " + String.join(", ", r.needs()), r.fix()));
            }
            if (bad.isEmpty()) {
                result.add(DoctorCheck.ok("config", "all configured variants can be built ("
                        + configured.stream().map(Readiness::variant).collect(Collectors.joining(", "))
                        + ") with " + configured.get(0).toolchain()));
            }
            exit = bad.isEmpty() ? 0 : 1;
        } else {
            result.add(DoctorCheck.info("config", "none at " + configFile + "; checked this machine only", ""));
            List<String> able = compilers.stream().filter(c -> c.gaps(Variant.RELEASE).isEmpty()
                    && c.gaps(Variant.PGO).isEmpty()).map(Compiler::label).toList();
            if (able.isEmpty()) {
                result.add(DoctorCheck.missing("toolchain", "no C toolchain here can build release and pgo",
                        noToolchainFix(compilers)));
                exit = 1;
            } else {
                result.add(DoctorCheck.ok("toolchain", String.join(" and ", able) + " can build release and pgo"));
                exit = 0;
            }
        }
        sections.add(new Section("result", result));
        return new Report(List.copyOf(sections), List.copyOf(readiness), List.copyOf(configured),
                config.isPresent(), exit);
    }

    /** Plain text: one title line per section, then one line per check, aligned. */
    public static String render(Report report) {
        StringBuilder sb = new StringBuilder();
        for (Section s : report.sections()) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(s.title()).append('\n');
            int width = s.checks().stream().mapToInt(c -> c.subject().length()).max().orElse(0);
            for (DoctorCheck c : s.checks()) {
                sb.append("  ").append(c.line(Math.min(width, 28))).append('\n');
            }
        }
        return sb.toString();
    }

    // ---- clang ------------------------------------------------------------------------------

    /** Every clang: clang-N for each LLVM major (newest first), then a plain 'clang' of another install. */
    static List<ClangInfo> findClangs(List<Integer> majors) {
        Map<Path, ClangInfo> byReal = new LinkedHashMap<>();
        for (int m : majors) {
            ToolLocator.llvmTool(m, "clang").ifPresent(p -> byReal.putIfAbsent(real(p), clangAt(p)));
        }
        ToolLocator.onPath("clang").ifPresent(p -> byReal.putIfAbsent(real(p), clangAt(p)));
        return List.copyOf(byReal.values());
    }

    /** What ClangToolchain would pair with this clang: its siblings, else tools of its major. */
    static ClangInfo clangAt(Path cc) {
        String text = Exec.quietOutput(List.of(cc.toString(), "--version"));
        int major = ToolLocator.majorIn(text).orElse(0);
        Map<String, Optional<Path>> tools = new LinkedHashMap<>();
        for (String t : CLANG_TOOLS.keySet()) {
            tools.put(t, sibling(cc, major, t));
        }
        return new ClangInfo(cc, major, ToolLocator.fullVersionIn(text), tools, ClangToolchain.profileRuntime(cc));
    }

    private static Optional<Path> sibling(Path cc, int major, String tool) {
        try {
            Path own = cc.toRealPath().resolveSibling(tool);
            if (Files.isExecutable(own)) {
                return Optional.of(own);
            }
        } catch (IOException e) {
            // fall back to version-paired lookup
        }
        return ToolLocator.llvmTool(major, tool);
    }

    private static List<DoctorCheck> clangChecks(ClangInfo c) {
        int n = c.major();
        List<DoctorCheck> out = new ArrayList<>();
        out.add(DoctorCheck.ok("clang " + c.version(), c.cc().toString()));
        for (Map.Entry<String, String> e : CLANG_TOOLS.entrySet()) {
            String tool = e.getKey();
            String subject = tool + " " + n;
            String fix = "apt-get install -y " + e.getValue() + "-" + n;
            Optional<Path> p = c.tool(tool);
            if (p.isPresent()) {
                OptionalInt actual = ToolLocator.llvmMajorOf(p.get());
                if (actual.isPresent() && actual.getAsInt() != n) {
                    out.add(DoctorCheck.warn(subject, p.get() + " is LLVM " + actual.getAsInt() + ", not " + n, fix));
                } else {
                    out.add(DoctorCheck.ok(subject, p.get().toString()));
                }
            } else if (BOLT_TOOLS.contains(tool)) {
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

    /** The unversioned llvm-profdata on PATH (Debian 12: LLVM 14) and LLVM installs without a clang. */
    private static List<DoctorCheck> otherLlvm(List<Integer> majors, List<ClangInfo> clangs) {
        List<DoctorCheck> out = new ArrayList<>();
        Optional<ClangInfo> newest = clangs.stream().max((a, b) -> Integer.compare(a.major(), b.major()));
        Optional<Path> plain = ToolLocator.onPath("llvm-profdata");
        if (plain.isEmpty()) {
            out.add(DoctorCheck.ok("llvm-profdata (unversioned)", "none on PATH (fine: pgolab picks one by version)"));
        } else {
            Path p = plain.get();
            OptionalInt m = ToolLocator.llvmMajorOf(p);
            String llvm = m.isPresent() ? "LLVM " + m.getAsInt() : "unknown LLVM version";
            if (newest.isEmpty()) {
                out.add(DoctorCheck.info("llvm-profdata (unversioned)", llvm + "  " + p, ""));
            } else if (m.isPresent() && m.getAsInt() == newest.get().major()) {
                out.add(DoctorCheck.ok("llvm-profdata (unversioned)", llvm + "  " + p));
            } else {
                int n = newest.get().major();
                Optional<Path> paired = newest.get().tool("llvm-profdata");
                out.add(DoctorCheck.warn("llvm-profdata (unversioned)", p + " is " + llvm + ": cannot read clang " + n
                        + " profiles; " + paired.map(q -> "pgolab uses " + q + " instead")
                                .orElse("pgolab needs llvm-profdata " + n),
                        paired.isPresent() ? "" : "apt-get install -y llvm-" + n));
            }
        }
        Set<Integer> withClang = clangs.stream().map(ClangInfo::major).collect(Collectors.toSet());
        for (int m : majors) {
            if (!withClang.contains(m)) {
                out.add(DoctorCheck.info("LLVM " + m, "/usr/lib/llvm-" + m + " has no clang-" + m
                        + " (tools only, not a toolchain)", ""));
            }
        }
        return out;
    }

    // ---- gcc --------------------------------------------------------------------------------

    /** GCC at this path with its version-paired tools, or empty when it is not GCC. */
    static Optional<GccInfo> gccAt(Path cc) {
        String v = Exec.quietOutput(List.of(cc.toString(), "-dumpfullversion", "-dumpversion")).strip();
        String banner = Exec.quietOutput(List.of(cc.toString(), "--version"));
        if (!v.matches("\\d+(\\.\\d+)*") || banner.contains("clang")) {
            return Optional.empty();
        }
        int major = Integer.parseInt(v.split("\\.")[0]);
        return Optional.of(new GccInfo(cc, major, v, gccVersioned("gcov-tool", major),
                gccVersioned("gcov-dump", major), gccVersioned("gcc-ar", major)));
    }

    /** As GccToolchain pairs them: name-MAJOR on PATH, else name when its version is this GCC's. */
    private static Optional<Path> gccVersioned(String name, int major) {
        Optional<Path> exact = ToolLocator.onPath(name + "-" + major);
        if (exact.isPresent()) {
            return exact;
        }
        return ToolLocator.onPath(name).filter(p -> ToolLocator.majorIn(
                Exec.quietOutput(List.of(p.toString(), "--version")).replaceAll("\\(.*?\\)", "version"))
                .orElse(-1) == major || ToolLocator.versionLine(p).contains(" " + major + "."));
    }

    private static List<DoctorCheck> gccChecks(GccInfo g) {
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

    // ---- variants ---------------------------------------------------------------------------

    private static Readiness readiness(Compiler c, Variant v, List<Gap> extra) {
        List<Gap> gaps = new ArrayList<>(c.gaps(v));
        gaps.addAll(extra);
        return readiness(c.kind(), c.label(), v, gaps);
    }

    private static Readiness readiness(String kind, String label, Variant v, List<Gap> gaps) {
        List<String> needs = gaps.stream().map(Gap::piece).distinct().toList();
        return new Readiness(kind, label, v.name(), gaps.isEmpty(), needs, fix(gaps));
    }

    /** "apt-get install -y llvm-19 libclang-rt-19-dev", plus any hint that is not a package. */
    private static String fix(List<Gap> gaps) {
        Set<String> pkgs = new LinkedHashSet<>();
        Set<String> hints = new LinkedHashSet<>();
        for (Gap g : gaps) {
            if (!g.pkg().isEmpty()) {
                pkgs.add(g.pkg());
            }
            if (!g.hint().isEmpty()) {
                hints.add(g.hint());
            }
        }
        List<String> parts = new ArrayList<>();
        if (!pkgs.isEmpty()) {
            parts.add("apt-get install -y " + String.join(" ", pkgs));
        }
        parts.addAll(hints);
        return String.join("; ", parts);
    }

    private static DoctorCheck variantCheck(String subject, Readiness r) {
        return r.buildable() ? DoctorCheck.ok(subject, "can be built")
                : DoctorCheck.missing(subject, "needs " + String.join(", ", r.needs()), r.fix());
    }

    private static DoctorCheck boltReadiness(List<ClangInfo> clangs, DoctorHost.Perf perf) {
        if (clangs.isEmpty()) {
            return DoctorCheck.info("bolt", "needs a clang with BOLT of its version",
                    "apt-get install -y clang-19 llvm-19 lld-19 bolt-19 libclang-rt-19-dev");
        }
        ClangInfo c = clangs.get(0);
        List<String> absent = BOLT_TOOLS.stream().filter(t -> c.tool(t).isEmpty()).map(t -> t + " " + c.major()).toList();
        if (!absent.isEmpty()) {
            return DoctorCheck.info("bolt", "not ready: no " + String.join(", ", absent),
                    "apt-get install -y bolt-" + c.major());
        }
        String mode = perf.hardwareCounters()
                ? "BOLT instrumentation, or perf sampling (hardware counters work; [bolt] profile = \"auto\" checks for LBR)"
                : "BOLT instrumentation (default here), or perf cpu-clock samples with [bolt] profile = \"perf\""
                        + " (no hardware counters, so no branch records: smaller gains)";
        return DoctorCheck.ok("bolt", "BOLT " + c.major() + " ready: " + mode);
    }

    /** The toolchain the config selects, as the build would detect it, and each configured variant. */
    private static List<Readiness> configured(Config cfg, List<ClangInfo> clangs, Optional<GccInfo> gcc,
                                              List<DoctorCheck> checks) {
        ToolchainSpec spec = cfg.toolchain();
        String asked = "kind = " + spec.kind() + spec.cc().map(cc -> ", cc = " + cc).orElse(" (auto-detect)");
        Toolchain tc;
        try {
            tc = Toolchains.detect(spec, cfg.build().cargo(), SCRATCH, null);
        } catch (UserError e) {
            checks.add(DoctorCheck.missing("toolchain", asked + ": " + e.getMessage(), e.hint()));
            List<Readiness> out = new ArrayList<>();
            for (Variant v : cfg.variants()) {
                out.add(readiness(spec.kind(), spec.kind(), v, List.of(new Gap(
                        "a usable " + spec.kind() + " (" + e.getMessage() + ")", "", e.hint()))));
                checks.add(DoctorCheck.missing("variant " + v, "no usable " + spec.kind() + " (see toolchain)", ""));
            }
            return out;
        }
        Optional<? extends Compiler> selected = select(spec, clangs, gcc);
        String label = selected.map(Compiler::label).orElse(tc.describe());
        checks.add(DoctorCheck.ok("toolchain", asked + ": " + tc.describe()));
        List<Readiness> out = new ArrayList<>();
        for (Variant v : cfg.variants()) {
            List<Gap> gaps = new ArrayList<>(selected.map(c -> c.gaps(v)).orElse(List.of()));
            if (gaps.isEmpty()) {
                // The build's own check, in case it asks for more than doctor knows about.
                try {
                    tc.require(v);
                } catch (UserError e) {
                    gaps.add(new Gap(e.getMessage(), "", e.hint()));
                }
            }
            Readiness r = readiness(tc.kind(), label, v, gaps);
            out.add(r);
            checks.add(variantCheck("variant " + v, r));
        }
        return out;
    }

    /** Mirrors ClangToolchain.detect / GccToolchain.detect to find the same compiler. */
    private static Optional<? extends Compiler> select(ToolchainSpec spec, List<ClangInfo> clangs, Optional<GccInfo> gcc) {
        if (spec.kind().equals("go") || spec.kind().equals("cargo")) {
            return Optional.empty(); // not a C compiler: the toolchain's own description and require() decide
        }
        if (spec.kind().equals("gcc")) {
            return spec.cc().isPresent() ? ToolLocator.onPath(spec.cc().get()).flatMap(Doctor::gccAt) : gcc;
        }
        if (spec.cc().isPresent()) {
            return ToolLocator.onPath(spec.cc().get()).map(Doctor::clangAt);
        }
        // clangs is newest major first, then a plain 'clang': the first with its llvm-profdata, else the first.
        return clangs.stream().filter(c -> c.tool("llvm-profdata").isPresent()).findFirst()
                .or(() -> clangs.stream().findFirst());
    }

    private static String noToolchainFix(List<Compiler> compilers) {
        List<Gap> gaps = new ArrayList<>();
        for (Compiler c : compilers) {
            gaps.addAll(c.gaps(Variant.PGO));
        }
        return gaps.isEmpty()
                ? "apt-get install -y clang-19 llvm-19 lld-19 libclang-rt-19-dev"
                : fix(gaps);
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath();
        }
    }
}
