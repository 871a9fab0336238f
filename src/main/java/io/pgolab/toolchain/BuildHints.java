package io.pgolab.toolchain;

import io.pgolab.config.Variant;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Hints for a failed build, one set per toolchain, each naming only the config keys that toolchain
 * takes. The generic causes (full disk, stale or missing profile) are decided before these.
 */
final class BuildHints {
    private BuildHints() {
    }

    /** clang and gcc: the user's build.command with {cc}/{cflags}/{ldflags}; compiler names the LLVM or GCC specifics. */
    static String c(String output, Variant v, Path configFile, String compiler, int major) {
        if (v.bolt() && (output.contains("final link failed") || output.contains("--strip-all and --emit-relocs"))) {
            return "BOLT variants are linked with -Wl,--emit-relocs, which the linker cannot combine with -s"
                    + " (strip): remove -s from the link flags; BOLT needs the symbol table anyway";
        }
        if (output.contains("__llvm_profile_") && output.contains("undefined reference")) {
            return "the profile runtime is not linked: {ldflags} must reach the link command of build.command in "
                    + configFile + " (it carries -fprofile-generate), and libclang_rt.profile must be installed"
                    + " (apt-get install -y libclang-rt-" + major + "-dev)";
        }
        if (output.contains("__gcov_") && output.contains("undefined reference")) {
            return "the gcov runtime is not linked: {ldflags} must reach the link command of build.command in " + configFile
                    + " (it carries -fprofile-generate)";
        }
        if (v.lto() && (output.contains("plugin needed to handle lto object") || output.contains("file format not recognized")
                || output.contains("archive has no index"))) {
            return "an archive of LTO objects was made with a plain ar: use {ar} and {ranlib} (" + compiler + "'s own,"
                    + " also set as AR and RANLIB) in build.command in " + configFile;
        }
        if (compiler.startsWith("clang") && output.contains("collect2")) {
            // jq 1.6 configured earlier with gcc: libtool links with the gcc it recorded, which cannot take lld's flags
            return "a link ran through GCC's driver (collect2) although the toolchain is " + compiler + ": the tree was"
                    + " configured for gcc (libtool and configure record the compiler); run configure inside build.command"
                    + " with pgolab's compiler, e.g. command = \"./configure CC='{cc}' CXX='{cxx}' && make CFLAGS='-O2 {cflags}'"
                    + " LDFLAGS='{ldflags}'\" in " + configFile + ", or set [toolchain] kind = \"gcc\"";
        }
        return "the command and its output are above; fix the build, or build.command, build.cflags/cxxflags/ldflags or"
                + " build.env in " + configFile + " ({cc}, {cflags} and {ldflags} must reach every compile and link)";
    }

    /** go: the default command is go build {goflags}; build.command may replace it. */
    static String go(String output, Path configFile) {
        if (output.contains("go.mod file not found") || output.contains("cannot find main module")) {
            return "go found no module: set project.root to the directory with go.mod, or build.package to the main"
                    + " package (e.g. \"./cmd/tool\") in " + configFile;
        }
        if (output.contains("-pgo") && output.contains("unknown flag")) {
            return "this go predates PGO (-pgo needs Go 1.21 or newer): install a newer Go, or set [toolchain] go = \"/path/to/go\"";
        }
        return "the go command and its output are above; fix the build, or build.package, build.goflags, build.ldflags,"
                + " build.env or build.command (keep {goflags} in it: it carries -pgo=) in " + configFile;
    }

    /** cargo: pgolab composes the command, so build.command is refused; these are the keys it does take. */
    static String cargo(String output, Variant v, Path configFile, String profile, Optional<RustupChoice> toolchain) {
        String keys = "[build] profile, features, args (e.g. \"--no-default-features\", \"--locked\"), package, bins and"
                + " env (e.g. env = { RUSTFLAGS = \"-C target-cpu=native\" }, kept before pgolab's own flags;"
                + " CARGO_PROFILE_" + profile.toUpperCase(java.util.Locale.ROOT).replace('-', '_')
                + "_<KEY> overrides a setting of [profile." + profile + "])";
        if (output.contains("--strip-all and --emit-relocs")) {
            return "BOLT variants link with -Wl,--emit-relocs and the linker refuses it with --strip-all: remove a linker -s"
                    + " or -Cstrip=symbols from your rustflags and use strip = true in [profile." + profile
                    + "] instead (pgolab then keeps the symbols for BOLT and strips the BOLTed binary)";
        }
        if (output.contains("is not installed") && output.contains("toolchain '")) {
            return toolchain.map(RustupChoice::installFix).orElse("rustup toolchain install (in the project root: it installs"
                    + " what rust-toolchain.toml names)");
        }
        if (output.contains("may not be used on the stable release channel") || output.contains("E0554")) {
            return "the crate needs nightly Rust: pin it with a rust-toolchain.toml in the project root ([toolchain]"
                    + " channel = \"nightly\") or set env = { RUSTUP_TOOLCHAIN = \"nightly\" } in [build] of " + configFile;
        }
        if (output.contains("linker `cc` not found")) {
            return "rustc links through cc: apt-get install -y gcc";
        }
        if (output.contains("needs to be updated but --locked was passed") || output.contains("cannot update the lock file")) {
            return "Cargo.lock is out of date: run 'cargo update' in the project root, or remove \"--locked\" from build.args in "
                    + configFile;
        }
        if (output.contains("--offline was specified") || output.contains("--offline` was specified")) {
            return "cargo runs offline (\"--offline\" in build.args) and a dependency is not in the local crate cache: run"
                    + " 'cargo fetch' in the project root while online, or let the lock file pick cached versions"
                    + " ('cargo update --offline')";
        }
        if (output.contains("failed to download") || output.contains("failed to get") || output.contains("Unable to update")
                || output.contains("failed to query replaced source")) {
            return "cargo could not fetch the crate's dependencies: run 'cargo fetch' in the project root while online, then"
                    + " add \"--offline\" to build.args in " + configFile;
        }
        if (output.contains("does not have the feature") || output.contains("does not contain this feature") || output.contains("none of the selected packages contains")) {
            return "a feature is not defined by the package: fix build.features in " + configFile + " (or add \"--package\""
                    + " with build.package for a workspace member's features)";
        }
        if (output.contains("no bin target named")) {
            return "fix build.bins in " + configFile + ": the names of [[bin]] targets (cargo lists them above)";
        }
        if (output.contains("profile `") && output.contains("is not defined")) {
            return "fix build.profile in " + configFile + ": a profile of Cargo.toml ([profile.NAME]), or release, dev or bench";
        }
        return "the cargo command and its output are above (build.command is not used for cargo: pgolab composes the"
                + " cargo command); fix the crate, or " + keys + " in " + configFile;
    }
}
