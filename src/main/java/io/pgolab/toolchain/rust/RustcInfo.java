package io.pgolab.toolchain.rust;

import io.pgolab.UserError;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.Text;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What 'rustc -vV', 'rustc --print sysroot|cfg' and 'cargo -V' say, run from the project's
 * directory so that rustup's rust-toolchain.toml selection is honoured.
 */
public record RustcInfo(Path rustc, Path cargo, String release, String host, String llvmVersion, int llvmMajor,
                        Path sysroot, Set<String> cfgs, String cargoVersion, String verbose) {
    private static final Pattern LINE = Pattern.compile("(?m)^([a-zA-Z -]+): (.+)$");

    public static RustcInfo detect(Path dir) {
        return detect(dir, Map.of());
    }

    /** buildEnv: build.env, whose RUSTUP_* keys (RUSTUP_TOOLCHAIN) choose the toolchain as in the build. */
    public static RustcInfo detect(Path dir, Map<String, String> buildEnv) {
        Map<String, String> env = RustupChoice.env(buildEnv);
        Path rustc = ToolLocator.onPath("rustc").orElseThrow(RustcInfo::noRust);
        Path cargo = ToolLocator.onPath("cargo").orElseThrow(RustcInfo::noRust);
        Path cwd = existing(dir);
        String vv = run(cwd, env, rustc, "-vV");
        Map<String, String> f = new HashMap<>();
        Matcher m = LINE.matcher(vv);
        while (m.find()) {
            f.put(m.group(1).strip(), m.group(2).strip());
        }
        String host = f.getOrDefault("host", "");
        String llvm = f.getOrDefault("LLVM version", "");
        if (host.isEmpty() || llvm.isEmpty()) {
            throw new UserError("cannot read host and LLVM version from '" + rustc + " -vV':\n" + vv.strip(),
                    "check that rustc runs: rustc -vV");
        }
        Path sysroot = Path.of(run(cwd, env, rustc, "--print", "sysroot").strip());
        Set<String> cfgs = Set.copyOf(run(cwd, env, rustc, "--print", "cfg", "--target", host).lines().map(String::strip).toList());
        String cargoVersion = run(cwd, env, cargo, "-V").strip();
        return new RustcInfo(rustc, cargo, f.getOrDefault("release", "unknown"), host, llvm,
                Integer.parseInt(llvm.replaceFirst("\\..*", "")), sysroot, cfgs, cargoVersion, vv.strip());
    }

    /** Where rustup's llvm-tools component puts llvm-profdata for this toolchain. */
    public Path llvmToolsDir() {
        return sysroot.resolve("lib/rustlib").resolve(host).resolve("bin");
    }

    private static String run(Path cwd, Map<String, String> env, Path tool, String... args) {
        List<String> argv = new ArrayList<>(List.of(tool.toString()));
        argv.addAll(List.of(args));
        Exec.Result r = Exec.capture(null, cwd, env, argv, 60);
        if (!r.ok()) {
            RustupChoice.fromFailure(r.output(), cwd).ifPresent(e -> {
                throw e;
            });
            throw new UserError("'" + String.join(" ", argv) + "' failed:\n" + Text.lastLines(r.output(), 40),
                    "check the Rust toolchain: rustup show");
        }
        return r.output();
    }

    private static Path existing(Path dir) {
        Path d = dir.toAbsolutePath();
        while (d != null && !Files.isDirectory(d)) {
            d = d.getParent();
        }
        return d == null ? Path.of(".") : d;
    }

    private static UserError noRust() {
        return new UserError("toolchain.kind = \"cargo\" needs cargo and rustc on PATH, and there are none",
                "install Rust with rustup (https://rustup.rs), then: rustup component add llvm-tools");
    }
}
