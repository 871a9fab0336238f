package io.pgolab.toolchain.rust;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The toolchain rustup selects for a directory and why ('rustup show active-toolchain' run there):
 * a rust-toolchain.toml or legacy rust-toolchain file in it or a parent, a directory override,
 * RUSTUP_TOOLCHAIN, or the default. installed is false when the selection names a toolchain rustup
 * has not installed (then rustc and cargo refuse to run there).
 *
 * @param reason rustup's own words, e.g. "overridden by '/p/rust-toolchain.toml'" or "default"
 */
public record RustupChoice(String toolchain, String reason, boolean installed, Optional<Path> file) {
    private static final Pattern ACTIVE = Pattern.compile("(?m)^(\\S+)(?: \\((.*)\\))?\\s*$");
    private static final Pattern UNINSTALLED = Pattern.compile("toolchain '([^']+)' is not installed");
    private static final Pattern FILE = Pattern.compile("toolchain file at '([^']+)'|overridden by '([^']+)'");

    /** The environment that rustup and its proxies need to choose as the build will: the RUSTUP_* keys of env, no backtraces. */
    public static Map<String, String> env(Map<String, String> buildEnv) {
        Map<String, String> m = new LinkedHashMap<>();
        buildEnv.forEach((k, v) -> {
            if (k.startsWith("RUSTUP_") || k.equals("CARGO_HOME")) {
                m.put(k, v);
            }
        });
        m.put("RUST_BACKTRACE", "0");   // rustup's errors carry a Rust backtrace otherwise
        return m;
    }

    /** Asks rustup, run in dir; empty when rustup is not on PATH (a distribution's rustc) or says nothing readable. */
    public static Optional<RustupChoice> query(Path dir, Map<String, String> buildEnv) {
        Optional<Path> rustup = ToolLocator.onPath("rustup");
        if (rustup.isEmpty()) {
            return Optional.empty();
        }
        Exec.Result r = Exec.capture(null, dir, env(buildEnv), List.of(rustup.get().toString(), "show", "active-toolchain"), 60);
        return parse(r.exitCode() == 0, r.output());
    }

    /** Reads 'rustup show active-toolchain' (pure, unit-tested). */
    static Optional<RustupChoice> parse(boolean ok, String output) {
        Matcher u = UNINSTALLED.matcher(output);
        if (u.find()) {
            Optional<Path> f = file(output);
            return Optional.of(new RustupChoice(u.group(1), f.map(p -> "overridden by '" + p + "'").orElse(""), false, f));
        }
        if (!ok) {
            return Optional.empty();
        }
        Matcher m = ACTIVE.matcher(output.strip());
        if (!m.find()) {
            return Optional.empty();
        }
        String reason = m.group(2) == null ? "" : m.group(2);
        return Optional.of(new RustupChoice(m.group(1), reason, true, file(reason)));
    }

    private static Optional<Path> file(String text) {
        Matcher f = FILE.matcher(text);
        if (!f.find()) {
            return Optional.empty();
        }
        Path p = Path.of(f.group(1) != null ? f.group(1) : f.group(2));
        String name = p.getFileName().toString();
        return name.equals("rust-toolchain.toml") || name.equals("rust-toolchain") ? Optional.of(p) : Optional.empty();
    }

    /** "nightly-x86_64-unknown-linux-gnu (overridden by '/p/rust-toolchain.toml')". */
    public String describe() {
        return toolchain + (reason.isEmpty() ? "" : " (" + reason + ")");
    }

    /** The error for a selection that is not installed: what pins it and the install command. */
    public UserError notInstalled(Path dir) {
        return new UserError("the Rust toolchain rustup selects for " + dir + " is " + toolchain + ", "
                + file.map(f -> "pinned by " + f).orElse(reason.isEmpty() ? "" : reason) + ", and it is not installed"
                + " (cargo and rustc refuse to run there)", installFix());
    }

    public String installFix() {
        return "rustup toolchain install " + toolchain + " --component llvm-tools"
                + file.map(f -> "   (or change the channel in " + f + ")").orElse("");
    }

    /** A rustup failure in a tool's output (rustc -vV run in a pinned directory): the not-installed error. */
    static Optional<UserError> fromFailure(String output, Path dir) {
        return parse(false, output).filter(c -> !c.installed()).map(c -> c.notInstalled(dir));
    }
}
