package io.pgolab.toolchain.rust;

import io.pgolab.toolchain.CompileRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One rustc invocation recorded through cargo's RUSTC_WRAPPER (pgolab-exec): the record's first
 * argument is rustc's path (or the next wrapper's, RUSTC_WORKSPACE_WRAPPER), the rest rustc's
 * arguments. What the audit needs of it: the crate, whether it is built for the target (pgolab
 * passes --target, so build scripts and proc macros, built for the host, get no --target and none
 * of the rustflags), and the codegen options (-C opt-level, -C profile-generate/-use, -C lto).
 */
public record RustcCall(CompileRecord record) {
    private static final Set<String> LTO_OFF = Set.of("off", "no", "n", "false");

    public static List<RustcCall> of(List<CompileRecord> records) {
        return records.stream().map(RustcCall::new).toList();
    }

    private List<String> args() {
        List<String> a = record.args();
        return a.isEmpty() ? a : a.subList(1, a.size());
    }

    /** The crate name ("" for a query such as 'rustc -vV'). */
    public String crate() {
        return value("--crate-name").orElse("");
    }

    /** cargo's queries: rustc -vV, 'rustc - --crate-name ___ --print=...'. */
    public boolean query() {
        String c = crate();
        return c.isEmpty() || c.equals("___") || args().stream().anyMatch(a -> a.startsWith("--print") || a.equals("-vV")
                || a.equals("-V") || a.equals("--version"));
    }

    /** Compiled for the build machine (no --target): build scripts, proc macros and their dependencies. */
    public boolean host() {
        return args().stream().noneMatch(a -> a.equals("--target") || a.startsWith("--target="));
    }

    /** A crate compile for the target: what the audit checks. */
    public boolean compiles() {
        return !query() && !host() && emitsCode() && !fromStdin();
    }

    /**
     * A probe that compiles source given on its standard input ('-'): autocfg's feature checks
     * ('rustc --crate-name autocfg_..._0 --emit=llvm-ir ... -', run by build scripts through
     * RUSTC_WRAPPER, at no opt-level) produce nothing that reaches the binary; a crate of the build
     * always compiles a file.
     */
    boolean fromStdin() {
        return args().contains("-") && source().isEmpty();
    }

    /**
     * False when --emit asks for no code (only metadata or dep-info): a build script's feature probe
     * (anyhow's build.rs compiles probe.rs through RUSTC_WRAPPER with --emit=dep-info,metadata and no
     * opt-level) produces nothing that reaches the binary, so the audit leaves it out.
     */
    boolean emitsCode() {
        List<String> a = args();
        for (int i = 0; i < a.size(); i++) {
            String emit = a.get(i).startsWith("--emit=") ? a.get(i).substring("--emit=".length())
                    : a.get(i).equals("--emit") && i + 1 < a.size() ? a.get(i + 1) : null;
            if (emit != null) {
                return Arrays.stream(emit.split(",")).map(e -> e.split("=")[0])
                        .anyMatch(e -> e.equals("link") || e.equals("obj") || e.equals("asm") || e.startsWith("llvm"));
            }
        }
        return true;   // rustc's default --emit is link
    }

    public List<String> crateTypes() {
        List<String> out = new ArrayList<>();
        List<String> a = args();
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).equals("--crate-type") && i + 1 < a.size()) {
                out.add(a.get(i + 1));
            } else if (a.get(i).startsWith("--crate-type=")) {
                out.add(a.get(i).substring("--crate-type=".length()));
            }
        }
        return out;
    }

    /** Produces a linked program or library (bin, dylib, cdylib, staticlib): where LTO happens. */
    public boolean links() {
        return crateTypes().stream().anyMatch(t -> t.equals("bin") || t.equals("dylib") || t.equals("cdylib")
                || t.equals("staticlib"));
    }

    /** The last value of the codegen option KEY (-C KEY=V, -CKEY=V, --codegen KEY=V; "" for a bare -C KEY). */
    public Optional<String> codegen(String key) {
        Optional<String> v = Optional.empty();
        List<String> a = args();
        for (int i = 0; i < a.size(); i++) {
            String s = a.get(i);
            String opt = null;
            if ((s.equals("-C") || s.equals("--codegen")) && i + 1 < a.size()) {
                opt = a.get(++i);
            } else if (s.startsWith("-C")) {
                opt = s.substring(2);
            } else if (s.startsWith("--codegen=")) {
                opt = s.substring("--codegen=".length());
            }
            if (opt != null && (opt.equals(key) || opt.startsWith(key + "="))) {
                v = Optional.of(opt.equals(key) ? "" : opt.substring(key.length() + 1));
            }
        }
        return v;
    }

    /** The effective opt-level: the last of -C opt-level=N and -O (= 2); "0" when there is none (rustc's default). */
    public String optLevel() {
        String level = "0";
        List<String> a = args();
        for (int i = 0; i < a.size(); i++) {
            String s = a.get(i);
            if (s.equals("-O")) {
                level = "2";
            } else if ((s.equals("-C") || s.equals("--codegen")) && i + 1 < a.size()) {
                String opt = a.get(++i);
                if (opt.startsWith("opt-level=")) {
                    level = opt.substring("opt-level=".length());
                }
            } else if (s.startsWith("-Copt-level=")) {
                level = s.substring("-Copt-level=".length());
            }
        }
        return level;
    }

    public boolean optimized() {
        return !optLevel().equals("0");
    }

    public boolean instrumented() {
        return codegen("profile-generate").isPresent();
    }

    public Optional<String> profileUse() {
        return codegen("profile-use");
    }

    /** -C lto (fat), -C lto=fat/thin/yes; not -C lto=off/no. */
    public boolean lto() {
        return codegen("lto").filter(v -> !LTO_OFF.contains(v)).isPresent();
    }

    /** The source file rustc compiles (the first positional argument ending in .rs). */
    public String source() {
        return args().stream().filter(a -> a.endsWith(".rs") && !a.startsWith("-")).findFirst().orElse("");
    }

    public Path cwd() {
        return record.cwd();
    }

    private Optional<String> value(String option) {
        Optional<String> v = Optional.empty();
        List<String> a = args();
        for (int i = 0; i < a.size(); i++) {
            if (a.get(i).equals(option) && i + 1 < a.size()) {
                v = Optional.of(a.get(i + 1));
            } else if (a.get(i).startsWith(option + "=")) {
                v = Optional.of(a.get(i).substring(option.length() + 1));
            }
        }
        return v;
    }
}
