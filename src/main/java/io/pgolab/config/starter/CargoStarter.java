package io.pgolab.config.starter;

import io.pgolab.config.TomlText;
import io.pgolab.config.Variant;
import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.tomlj.Toml;

/** The starter pgolab.toml for a Cargo project ('pgolab init' next to a Cargo.toml). */
final class CargoStarter {
    private CargoStarter() {
    }

    static String render(Path dir) {
        String name = dir.getFileName() == null ? "project" : dir.getFileName().toString();
        List<CargoTargets.Pkg> pkgs = CargoTargets.packages(dir);
        Optional<CargoTargets.Choice> choice = CargoTargets.choose(pkgs, name);
        StringBuilder s = new StringBuilder();
        s.append("# pgolab.toml: written by 'pgolab init' (found Cargo.toml").append(workspace(dir) ? ", a workspace" : "")
                .append(").\n");
        s.append("# Every key is documented in docs/config.md. Check the lines marked CHANGE_ME or guessed.\n\n");
        s.append("[project]\nname = ").append(TomlText.quote(name)).append("\n");
        s.append("root = \".\"                      # the crate or workspace, relative to this file\n");
        s.append("variants = [\"release\", \"pgo\"]\n# any of: ").append(Variant.NATIVE_NAMES).append("\n\n");
        s.append("[toolchain]\nkind = \"cargo\"                  # rustc/cargo from PATH (rustup); llvm-profdata paired with rustc's LLVM\n\n");
        s.append("[build]\n");
        s.append("# pgolab runs: cargo build --profile <profile> --target <host> [--package P] --bin <each of bins>\n");
        s.append("# with your RUSTFLAGS / .cargo/config.toml rustflags kept and its own flags added.\n");
        if (choice.isEmpty()) {
            s.append("bins = [\"CHANGE_ME\"]             # the [[bin]] targets to build; the first is {binary}\n");
        } else {
            bins(s, choice.get());
        }
        s.append("profile = \"release\"              # a cargo profile; its Cargo.toml settings are kept\n");
        s.append("# features = [\"...\"]\n# args = [\"--locked\"]\n");
        s.append("timeout = \"30m\"\n\n");
        s.append("# Training: representative runs of the built program. Each must exit normally so the\n");
        s.append("# instrumented binary writes its profile. {binary} is the first of bins; {bin:NAME} any of them.\n");
        s.append("[[train]]\nname = \"typical\"\ncommand = \"{binary} --help\"   # CHANGE_ME: a realistic workload\n");
        s.append("timeout = \"10m\"\n\n");
        s.append(BaseTrainingStarter.entry(dir, StarterConfig.BuildSystem.CARGO));
        s.append("# Benchmarks: held-out workloads (not the training ones) to compare variants on.\n");
        s.append("[[bench]]\nname = \"main\"\ncommand = \"{binary} --help\"   # CHANGE_ME\n");
        return s.toString();
    }

    /** package and bins as chosen, a guess marked with the other binaries found. */
    private static void bins(StringBuilder s, CargoTargets.Choice c) {
        c.pkg().ifPresent(p -> s.append("package = ").append(TomlText.quote(p)).append("           # the workspace member\n"));
        s.append("bins = [").append(String.join(", ", c.bins().stream().map(TomlText::quote).toList())).append("]");
        String first = c.bins().get(0);
        if (c.guessed()) {
            s.append("   # guessed: ").append(first).append(", others: ").append(TomlText.comment(String.join(", ", c.others())));
        } else if (!c.others().isEmpty()) {
            s.append("   # ").append(first).append(" is {binary}; also found: ").append(TomlText.comment(String.join(", ", c.others())));
        }
        s.append("\n");
    }

    /** A root Cargo.toml with a [workspace] table. */
    static boolean workspace(Path dir) {
        try {
            return Toml.parse(TextHead.of(dir.resolve("Cargo.toml"), TextHead.PROJECT_FILE)).contains("workspace");
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }
}
