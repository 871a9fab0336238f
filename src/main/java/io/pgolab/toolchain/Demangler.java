package io.pgolab.toolchain;

import io.pgolab.process.Exec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Turns C++ (Itanium) and Rust (legacy _ZN...E and v0 _R...) symbol names into readable ones with
 * llvm-cxxfilt of the LLVM paired with the profile tool in use; every name goes through one process.
 * clang's "path/file.c;name" names of file-local functions keep their path prefix. Rust legacy names
 * lose their "::h0123456789abcdef" hash suffix, as rustc-demangle's alternate form does.
 */
public final class Demangler {
    /** Names that are mangled at all: Itanium (_Z), Rust v0 (_R), with an optional leading dot or underscore. */
    private static final Pattern MANGLED = Pattern.compile("^(_{1,2}Z|_R|\\._Z)[A-Za-z0-9_.$]+$");
    private static final Pattern RUST_HASH = Pattern.compile("::h[0-9a-f]{16}$");

    private final Optional<Path> tool;
    private final String missing;

    private Demangler(Optional<Path> tool, String missing) {
        this.tool = tool;
        this.missing = missing;
    }

    /** For names that are never mangled (go). */
    public static final Demangler NONE = new Demangler(Optional.empty(), "");

    /** llvm-cxxfilt of this LLVM major (llvm-cxxfilt-N, /usr/lib/llvm-N/bin/llvm-cxxfilt); says what to install when it is missing. */
    public static Demangler llvm(int major) {
        Optional<Path> t = ToolLocator.llvmTool(major, "llvm-cxxfilt");
        return new Demangler(t, t.isPresent() ? "" : "llvm-cxxfilt-" + major + " (the demangler of the LLVM " + major
                + " in use) is not installed: function names are shown mangled (apt-get install -y llvm-" + major + ")");
    }

    /** The rustup llvm-tools' own llvm-cxxfilt when it is there, else llvm-cxxfilt of that major. */
    public static Demangler llvm(int major, Optional<Path> besideProfdata) {
        Optional<Path> own = besideProfdata.map(p -> p.resolveSibling("llvm-cxxfilt")).filter(Files::isExecutable);
        return own.isPresent() ? new Demangler(own, "") : llvm(major);
    }

    public static Demangler at(Optional<Path> tool, String missing) {
        return new Demangler(tool, missing);
    }

    /** Why names stay mangled (empty when the demangler is there, or names are never mangled). */
    public String missingNote() {
        return missing;
    }

    public static boolean mangled(String symbol) {
        return MANGLED.matcher(symbol).matches();
    }

    /**
     * Readable names of the mangled ones among names (name to demangled, in the same "path;" form);
     * names that are not mangled, or that the tool left alone, are absent. Empty without a demangler.
     */
    public Map<String, String> demangle(Collection<String> names) {
        Map<String, String> out = new LinkedHashMap<>();
        if (tool.isEmpty()) {
            return out;
        }
        Map<String, String> readable = new LinkedHashMap<>();
        List<String> symbols = new ArrayList<>();
        for (String sym : new LinkedHashSet<>(names.stream().map(Demangler::symbol).filter(Demangler::mangled).toList())) {
            // Rust's legacy names have escapes ($LT$, ..) that llvm-cxxfilt reads as C++: decoded here.
            RustLegacy.demangle(sym).ifPresentOrElse(r -> readable.put(sym, r), () -> symbols.add(sym));
        }
        if (!symbols.isEmpty()) {
            readable.putAll(run(symbols));
        }
        for (String n : names) {
            String s = symbol(n);
            String r = readable.get(s);
            if (r != null && !r.equals(s)) {
                out.put(n, n.substring(0, n.length() - s.length()) + r);
            }
        }
        return out;
    }

    private Map<String, String> run(List<String> symbols) {
        Map<String, String> m = new LinkedHashMap<>();
        try {
            Path in = Files.createTempFile("pgolab-symbols", ".txt");
            try {
                Files.writeString(in, String.join("\n", symbols) + "\n", StandardCharsets.UTF_8);
                Exec.Result r = Exec.run(null, Exec.Request.of(List.of("sh", "-c", "exec \"$0\" < \"$1\"",
                        tool.get().toString(), in.toString())).timeout(Duration.ofSeconds(60), ""));
                if (!r.ok()) {
                    return m;
                }
                List<String> lines = r.output().lines().toList();
                if (lines.size() < symbols.size()) {
                    return m;
                }
                for (int i = 0; i < symbols.size(); i++) {
                    m.put(symbols.get(i), tidy(lines.get(i)));
                }
            } finally {
                Files.deleteIfExists(in);
            }
        } catch (IOException | RuntimeException e) {
            return m;   // names stay mangled: a report is no place to fail over a demangler
        }
        return m;
    }

    /** The symbol of a name: after clang's "path;" prefix of file-local functions. */
    static String symbol(String name) {
        int semi = name.lastIndexOf(';');
        return semi < 0 ? name : name.substring(semi + 1);
    }

    static String tidy(String demangled) {
        return RUST_HASH.matcher(demangled.strip()).replaceFirst("");
    }
}
