package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/** Every subcommand has help that renders cleanly (picocli warns on unescaped '%'). */
class HelpTest {
    @ParameterizedTest
    @ValueSource(strings = {"demo", "init", "doctor", "build", "bench", "ladder", "compare", "train", "profile"})
    void helpRendersWithoutWarnings(String command) {
        Cli.Result r = Cli.run(Path.of("."), command, "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: pgolab " + command);
        assertThat(r.all()).doesNotContain("WARN").doesNotContain("%n");
    }

    /**
     * Each line of a description array is printed as a line of its own: it ends at a sentence (or clause) boundary,
     * never mid-sentence ("... pinned" / "to one CPU ...").
     */
    @Test
    void descriptionLinesEndAtSentenceBoundaries() {
        List<String> bad = new ArrayList<>();
        CommandLine main = Main.commandLine();
        List<CommandSpec> specs = new ArrayList<>(List.of(main.getCommandSpec()));
        main.getSubcommands().values().stream().filter(c -> !c.getCommandName().equals("help")) // picocli's own
                .forEach(c -> specs.add(c.getCommandSpec()));
        for (CommandSpec spec : specs) {
            check(spec.name(), spec.usageMessage().description(), bad);
            for (ArgSpec a : spec.args()) {
                check(spec.name() + " " + a.paramLabel() + (a.isOption() ? " " + ((CommandLine.Model.OptionSpec) a).longestName() : ""),
                        a.description(), bad);
            }
        }
        assertThat(bad).isEmpty();
    }

    private static void check(String where, String[] lines, List<String> bad) {
        for (String line : lines) {
            String l = line.strip();
            if (!l.isEmpty() && !l.matches("(?s).*[.:;!?]$")) {
                bad.add(where + ": \"" + l + "\"");
            }
        }
    }

    /** Issue 27: build --help, the config init writes and the README list every step, not only release...pgo+lto+bolt. */
    @Test
    void buildHelpInitAndReadmeListEveryStep(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        String help = Cli.run(Path.of("."), "build", "--help").out().replaceAll("\\s+", " ");
        java.nio.file.Files.writeString(tmp.resolve("Makefile"), "prog: prog.o\n\tcc -o prog prog.o\nclean:\n\trm -f prog *.o\n");
        String starter = io.pgolab.config.starter.StarterConfig.render(tmp, "clang");
        String readme = java.nio.file.Files.readString(Path.of("README.md"));
        for (io.pgolab.config.Variant.Step step : io.pgolab.config.Variant.Step.values()) {
            assertThat(help).as(step.id()).containsPattern("[ +]" + java.util.regex.Pattern.quote(step.id()) + "[,;. ]");
            if (!step.jvm()) {
                assertThat(starter).as(step.id()).contains(step.id());
            }
        }
        assertThat(help).contains("+cs", "+mfs", "+order", "relink-N", "pgo...@TAG");
        assertThat(starter).contains("+cs", "+mfs", "+order", "relink-N")
                .contains("clean = \"make -C {srcdir} clean\"");
        io.pgolab.config.ConfigLoader.parse(tmp.resolve("pgolab.toml"), starter);   // still a valid config
        assertThat(readme).contains("+cs, +mfs, +order on top of pgo; relink-N",
                "pgo+lto+cs → pgo+lto+cs+mfs → pgo+lto+cs+bolt");
    }
}
