package io.pgolab.doctor;

import io.pgolab.config.Variant;
import io.pgolab.toolchain.Relink;
import io.pgolab.toolchain.StepSupport;
import io.pgolab.toolchain.detect.Installs;
import io.pgolab.toolchain.gcc.GccInstall;
import io.pgolab.toolchain.llvm.ClangInstall;
import io.pgolab.toolchain.rust.RustInstall;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which variant each discovered toolchain can build, what is missing and the command that installs
 * it. Pure: decides from {@link Installs} and {@link ConfiguredToolchain} only, never looks at the
 * machine, so tests feed it fabricated installs.
 */
public final class ReadinessMatrix {
    static final List<String> BOLT_TOOLS = List.of("llvm-bolt", "perf2bolt", "merge-fdata");

    /** One row of the machine matrix: the line's subject ("clang 19 pgo") and the verdict. */
    public record Row(String subject, Doctor.Readiness readiness) {
    }

    private ReadinessMatrix() {
    }

    /** Every clang, then gcc, then cargo, each with the known variants it offers (JVM steps are in the JDKs section). */
    public static List<Row> machine(Installs in) {
        List<Row> rows = new ArrayList<>();
        for (ClangInstall c : in.clangs()) {
            for (Variant v : offered("clang")) {
                rows.add(new Row("clang " + c.major() + " " + v, readiness("clang", label(c), v, gaps(c, v))));
            }
        }
        in.gcc().ifPresent(g -> {
            for (Variant v : offered("gcc")) {
                rows.add(new Row("gcc " + g.major() + " " + v, readiness("gcc", label(g), v, gaps(g, v, in))));
            }
        });
        in.rust().ifPresent(r -> {
            for (Variant v : offered("cargo")) {
                rows.add(new Row("cargo " + v, readiness("cargo", label(r), v, gaps(r, v))));
            }
        });
        return rows;
    }

    /** The known variants a toolchain kind offers (see StepSupport; the rest are listed under "steps by toolchain"). */
    private static List<Variant> offered(String kind) {
        return Variant.KNOWN.stream().filter(v -> v.steps().stream()
                .allMatch(s -> StepSupport.missing(kind, s).isEmpty())).toList();
    }

    /**
     * The configured variants with the configured toolchain: the selected install's gaps, else the
     * build's own refusal (it may ask for more than doctor knows about); every variant fails when
     * detection failed.
     */
    public static List<Doctor.Readiness> configured(ConfiguredToolchain c, Installs in) {
        List<Doctor.Readiness> out = new ArrayList<>();
        if (c.detectError().isPresent()) {
            ConfiguredToolchain.Problem e = c.detectError().get();
            for (Variant v : c.variants()) {
                out.add(readiness(c.kind(), c.kind(), v, List.of(new Gap(
                        "a usable " + c.kind() + " (" + e.message() + ")", "", e.hint()))));
            }
            return out;
        }
        String label = c.clang().map(ReadinessMatrix::label).or(() -> c.gcc().map(ReadinessMatrix::label))
                .orElse(c.description());
        for (Variant v : c.variants()) {
            List<Gap> gaps = new ArrayList<>();
            c.clang().ifPresent(x -> gaps.addAll(gaps(x, v)));
            c.gcc().ifPresent(x -> gaps.addAll(gaps(x, v, in)));
            ConfiguredToolchain.Problem refusal = c.refusals().get(v.name());
            if (gaps.isEmpty() && refusal != null) {
                gaps.add(new Gap(refusal.message(), "", refusal.hint()));
            }
            out.add(readiness(c.kind(), label, v, gaps));
        }
        return out;
    }

    /** "clang 19.1.7 and gcc 12.2.0": the C compilers that can build release and pgo. */
    public static List<String> releaseAndPgo(Installs in) {
        List<String> able = new ArrayList<>();
        for (ClangInstall c : in.clangs()) {
            if (gaps(c, Variant.RELEASE).isEmpty() && gaps(c, Variant.PGO).isEmpty()) {
                able.add(label(c));
            }
        }
        in.gcc().filter(g -> gaps(g, Variant.RELEASE, in).isEmpty() && gaps(g, Variant.PGO, in).isEmpty())
                .ifPresent(g -> able.add(label(g)));
        return able;
    }

    /** What to install so that some C compiler here can build pgo. */
    public static String noToolchainFix(Installs in) {
        List<Gap> gaps = new ArrayList<>();
        in.clangs().forEach(c -> gaps.addAll(gaps(c, Variant.PGO)));
        in.gcc().ifPresent(g -> gaps.addAll(gaps(g, Variant.PGO, in)));
        return gaps.isEmpty() ? "apt-get install -y clang-19 llvm-19 lld-19 libclang-rt-19-dev" : fix(gaps);
    }

    static String label(ClangInstall c) {
        return "clang " + c.version();
    }

    static String label(GccInstall g) {
        return "gcc " + g.version();
    }

    static String label(RustInstall r) {
        return "cargo (rustc " + r.rustc().release() + ")";
    }

    /** A clang's own LLVM tools of its major, and its profile runtime. */
    static List<Gap> gaps(ClangInstall c, Variant v) {
        int major = c.major();
        List<Gap> gaps = new ArrayList<>();
        if (v.relinked() && c.tool("ld.lld").isEmpty()) {
            gaps.add(Gap.pkg("ld.lld " + major + " (the layout check links with lld)", "lld-" + major));
        }
        if (v.order() && major < 18) {
            gaps.add(Gap.pkg("clang 18 or newer (temporal profiles for the function order)", "clang-19 llvm-19 lld-19"));
        }
        if (v.lto() || v.order()) {
            if (c.tool("ld.lld").isEmpty()) {
                gaps.add(Gap.pkg("ld.lld " + major, "lld-" + major));
            }
        }
        if (v.lto()) {
            if (c.tool("llvm-ar").isEmpty()) {
                gaps.add(Gap.pkg("llvm-ar " + major, "llvm-" + major));
            }
        }
        if (v.pgo()) {
            if (c.profdata().isEmpty()) {
                gaps.add(Gap.pkg("llvm-profdata " + major, "llvm-" + major));
            }
            if (c.profileRuntime().isEmpty()) {
                gaps.add(Gap.pkg("profile runtime libclang_rt.profile " + major, "libclang-rt-" + major + "-dev"));
            }
        }
        if (v.bolt() && BOLT_TOOLS.stream().anyMatch(t -> c.tool(t).isEmpty())) {
            gaps.add(Gap.pkg("llvm-bolt and merge-fdata " + major, "bolt-" + major));
        }
        return gaps;
    }

    /** GCC's tools of its major; BOLT of any LLVM version. */
    static List<Gap> gaps(GccInstall g, Variant v, Installs in) {
        int major = g.major();
        List<Gap> gaps = new ArrayList<>();
        if (v.relinked() && Relink.anyLld().isEmpty()) {
            gaps.add(Gap.pkg("ld.lld (any LLVM version; the layout check links with lld)", "lld-19"));
        }
        if (v.lto() && g.gccAr().isEmpty()) {
            gaps.add(Gap.pkg("gcc-ar-" + major, "gcc-" + major));
        }
        if (v.pgo()) {
            if (g.gcovTool().isEmpty()) {
                gaps.add(Gap.pkg("gcov-tool-" + major, "gcc-" + major));
            }
            if (g.gcovDump().isEmpty()) {
                gaps.add(Gap.pkg("gcov-dump-" + major, "gcc-" + major));
            }
        }
        if (v.bolt() && in.bolts().isEmpty()) {
            gaps.add(Gap.pkg("llvm-bolt and merge-fdata (any LLVM version)", "bolt-19"));
        }
        return gaps;
    }

    /** cargo: pgo needs an llvm-profdata that reads rustc's profiles (RustProfdata's pairing). */
    static List<Gap> gaps(RustInstall r, Variant v) {
        if (v.relinked()) {
            return List.of(new Gap("a C or C++ build (the layout check is not offered for cargo)", "",
                    Relink.unsupported(v, "cargo").hint()));
        }
        return v.pgo() && !r.profdata().usable()
                ? List.of(new Gap("an llvm-profdata that reads rustc's profiles", "", r.profdata().fix())) : List.of();
    }

    static Doctor.Readiness readiness(String kind, String label, Variant v, List<Gap> gaps) {
        List<String> needs = gaps.stream().map(Gap::piece).distinct().toList();
        return new Doctor.Readiness(kind, label, v.name(), gaps.isEmpty(), needs, fix(gaps));
    }

    /** "apt-get install -y llvm-19 libclang-rt-19-dev", plus any hint that is not a package. */
    static String fix(List<Gap> gaps) {
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

    /** The clang whose BOLT doctor reports: the first one found (newest major). */
    static Optional<ClangInstall> boltClang(Installs in) {
        return in.clangs().stream().findFirst();
    }
}
