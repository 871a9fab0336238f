package io.pgolab.config.starter;

import io.pgolab.config.CargoConfig;
import io.pgolab.config.TomlText;
import io.pgolab.config.Variant;
import io.pgolab.util.TextHead;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.tomlj.Toml;
import org.tomlj.TomlArray;
import org.tomlj.TomlParseResult;
import org.tomlj.TomlTable;

/** The starter pgolab.toml for a Cargo project ('pgolab init' next to a Cargo.toml). */
final class CargoStarter {
    private CargoStarter() {
    }

    static String render(Path dir) {
        List<String> bins = bins(dir);
        String name = dir.getFileName() == null ? "project" : dir.getFileName().toString();
        StringBuilder s = new StringBuilder();
        s.append("# pgolab.toml: written by 'pgolab init' (found Cargo.toml).\n");
        s.append("# Every key is documented in docs/config.md. Check the lines marked CHANGE_ME.\n\n");
        s.append("[project]\nname = ").append(TomlText.quote(name)).append("\n");
        s.append("root = \".\"                      # the crate or workspace, relative to this file\n");
        s.append("variants = [\"release\", \"pgo\"]\n# any of: ").append(Variant.NATIVE_NAMES).append("\n\n");
        s.append("[toolchain]\nkind = \"cargo\"                  # rustc/cargo from PATH (rustup); llvm-profdata paired with rustc's LLVM\n\n");
        s.append("[build]\n");
        s.append("# pgolab runs: cargo build --profile <profile> --target <host> --bin <each of bins>\n");
        s.append("# with your RUSTFLAGS / .cargo/config.toml rustflags kept and its own flags added.\n");
        if (bins.isEmpty()) {
            s.append("bins = [\"CHANGE_ME\"]             # the [[bin]] targets to build; the first is {binary}\n");
        } else {
            s.append("bins = [").append(String.join(", ", bins.stream().map(TomlText::quote).toList())).append("]")
                    .append(bins.size() > 1 ? "   # CHANGE_ME: keep the ones to optimize; the first is {binary}" : "")
                    .append("\n");
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

    /** [[bin]] names, else the package name when src/main.rs exists, plus src/bin/*.rs. */
    static List<String> bins(Path dir) {
        List<String> out = new ArrayList<>();
        try {
            TomlParseResult toml = Toml.parse(TextHead.of(dir.resolve("Cargo.toml"), TextHead.PROJECT_FILE));
            TomlArray arr = toml.getArray("bin");
            for (int i = 0; arr != null && i < arr.size(); i++) {
                if (arr.getTable(i).get("name") instanceof String n) {
                    out.add(n);
                }
            }
            TomlTable pkg = toml.getTable("package");
            if (out.isEmpty() && pkg != null && pkg.get("name") instanceof String n
                    && Files.isRegularFile(dir.resolve("src/main.rs"))) {
                out.add(n);
            }
            Path binDir = dir.resolve("src/bin");
            if (Files.isDirectory(binDir) && (arr == null || arr.isEmpty())) {
                try (var files = Files.list(binDir)) {
                    files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".rs"))
                            .map(f -> f.substring(0, f.length() - 3)).sorted().forEach(out::add);
                }
            }
        } catch (IOException e) {
            return List.of();
        }
        // a name cargo would refuse too (quotes, slashes): left for the user to fill in rather than written
        return out.stream().filter(n -> n.matches(CargoConfig.NAME)).toList();
    }
}
