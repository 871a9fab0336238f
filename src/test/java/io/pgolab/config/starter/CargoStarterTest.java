package io.pgolab.config.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.config.CargoSpec;
import io.pgolab.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 'pgolab init' in a cargo workspace: which member and binary it writes, and when that is marked as a guess. */
class CargoStarterTest {
    @TempDir
    Path tmp;

    private Path workspace(String name) throws Exception {
        Path w = Files.createDirectories(tmp.resolve(name));
        Files.writeString(w.resolve("Cargo.toml"), """
                [workspace]
                members = ["crates/*", "tools/gen"]
                exclude = ["crates/skipped"]
                resolver = "2"

                [profile.release]
                lto = true
                codegen-units = 1
                """);
        member(w, "crates/core", "core", false);
        member(w, "crates/zcli", "zcli", true);
        member(w, "crates/skipped", "skipped", true);
        member(w, "tools/gen", "gen", true);
        Files.createDirectories(w.resolve("tools/gen/src/bin"));
        Files.writeString(w.resolve("tools/gen/src/bin/extra.rs"), "fn main() {}\n");
        return w;
    }

    private static void member(Path w, String dir, String name, boolean bin) throws Exception {
        Path d = Files.createDirectories(w.resolve(dir).resolve("src"));
        Files.writeString(w.resolve(dir).resolve("Cargo.toml"), "[package]\nname = \"" + name + "\"\nversion = \"0.1.0\"\n");
        Files.writeString(d.resolve(bin ? "main.rs" : "lib.rs"), bin ? "fn main() {}\n" : "\n");
    }

    private CargoSpec load(Path w, String text) {
        return ConfigLoader.parse(w.resolve("pgolab.toml"), text).build().cargo().orElseThrow();
    }

    @Test
    void aWorkspaceNamedLikeAMemberGetsThatMembersBinaryUnguessed() throws Exception {
        Path w = workspace("zcli");
        String text = StarterConfig.render(w, "cargo");
        assertThat(text).contains("found Cargo.toml, a workspace", "package = \"zcli\"", "bins = [\"zcli\"]")
                .doesNotContain("# guessed").contains("also found: gen (package gen), extra (package gen)");
        CargoSpec c = load(w, text);
        assertThat(c.pkg()).contains("zcli");
        assertThat(c.bins()).containsExactly("zcli");
        assertThat(c.profile()).isEqualTo("release");
    }

    @Test
    void severalBinariesAndNoNameToGoByIsAGuessListingTheOthers() throws Exception {
        Path w = workspace("project");
        String text = StarterConfig.render(w, "cargo");
        assertThat(text).contains("package = \"zcli\"",
                "bins = [\"zcli\"]   # guessed: zcli, others: gen (package gen), extra (package gen)").doesNotContain("skipped");
        assertThat(load(w, text).bins()).containsExactly("zcli");
    }

    @Test
    void theOnlyBinaryOfAWorkspaceIsNoGuess() throws Exception {
        Path w = Files.createDirectories(tmp.resolve("one"));
        Files.writeString(w.resolve("Cargo.toml"), "[workspace]\nmembers = [\"app\", \"lib\"]\n");
        member(w, "app", "app", true);
        member(w, "lib", "mylib", false);
        String text = StarterConfig.render(w, "cargo");
        assertThat(text).contains("package = \"app\"", "bins = [\"app\"]\n").doesNotContain("# guessed", "CHANGE_ME\"]");
        assertThat(load(w, text).pkg()).contains("app");
    }

    @Test
    void aRootPackageThatIsAlsoAWorkspaceNeedsNoPackageKey() throws Exception {
        Path w = Files.createDirectories(tmp.resolve("rooty"));
        Files.writeString(w.resolve("Cargo.toml"), "[package]\nname = \"rooty\"\nversion = \"1.0.0\"\n\n[workspace]\nmembers = [\"sub\"]\n");
        Files.createDirectories(w.resolve("src"));
        Files.writeString(w.resolve("src/main.rs"), "fn main() {}\n");
        member(w, "sub", "sub", true);
        String text = StarterConfig.render(w, "cargo");
        assertThat(text).contains("bins = [\"rooty\"]").doesNotContain("package = ");
        assertThat(load(w, text).bins()).containsExactly("rooty");
    }

    @Test
    void aBinaryDeclaredWithAPathIsNotFoundTwice() throws Exception {
        Path w = Files.createDirectories(tmp.resolve("decl"));
        Files.writeString(w.resolve("Cargo.toml"), "[package]\nname = \"decl\"\nversion = \"1.0.0\"\n\n"
                + "[[bin]]\nname = \"tool\"\npath = \"src/bin/other.rs\"\n");
        Files.createDirectories(w.resolve("src/bin"));
        Files.writeString(w.resolve("src/bin/other.rs"), "fn main() {}\n");
        assertThat(CargoTargets.packages(w)).singleElement().satisfies(p -> assertThat(p.bins()).containsExactly("tool"));
    }

    @Test
    void aBinaryWithRequiredFeaturesIsNotBuiltButNamed() throws Exception {
        Path w = Files.createDirectories(tmp.resolve("cache"));
        Files.writeString(w.resolve("Cargo.toml"), "[package]\nname = \"cache\"\nversion = \"1.0.0\"\n\n"
                + "[[bin]]\nname = \"cache\"\n\n[[bin]]\nname = \"cache-dist\"\nrequired-features = [\"dist\"]\n");
        Files.createDirectories(w.resolve("src/bin"));
        Files.writeString(w.resolve("src/main.rs"), "fn main() {}\n");
        Files.writeString(w.resolve("src/bin/cache-dist.rs"), "fn main() {}\n");
        String text = StarterConfig.render(w, "cargo");
        assertThat(text).contains("bins = [\"cache\"]   # cache is {binary}; also found: cache-dist (needs its required-features)\n");
        assertThat(load(w, text).bins()).containsExactly("cache");
    }
}
