package io.pgolab.toolchain.rust;

import io.pgolab.config.Variant;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** Hints for a failed cargo build, naming only the config keys the cargo toolchain takes. */
final class CargoHints {
    private CargoHints() {
    }

    /** cargo: pgolab composes the command, so build.command is refused; these are the keys it does take. */
    static String cargo(String output, Variant v, Path configFile, String profile, Optional<RustupChoice> toolchain) {
        String keys = "[build] profile, features, args (e.g. \"--no-default-features\", \"--locked\"), package, bins and"
                + " env (e.g. env = { RUSTFLAGS = \"-C target-cpu=native\" }, kept before pgolab's own flags;"
                + " CARGO_PROFILE_" + profile.toUpperCase(Locale.ROOT).replace('-', '_')
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
