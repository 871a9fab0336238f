package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Only the subcommand a command line runs is built; every path that needs them all still gets them all. */
class CommandsTest {
    private final CommandSpec root = new CommandLine(new Main()).getCommandSpec();

    @Test
    void theSubcommandRunIsFoundPastGlobalOptionsAndTheirValues() {
        assertThat(Commands.needed(root, "-C", "bench", "ladder", "--max-time", "5s")).containsExactly("ladder");
        assertThat(Commands.needed(root, "--config", "x.toml", "-v", "compare", "true")).containsExactly("compare");
        assertThat(Commands.needed(root, "--config=bench", "compare")).containsExactly("compare");
        assertThat(Commands.needed(root, "profile", "export")).containsExactly("profile");
    }

    @Test
    void versionAloneNeedsNoSubcommand() {
        assertThat(Commands.needed(root, "--version")).isEmpty();
        assertThat(Commands.needed(root, "-V")).isEmpty();
    }

    @Test
    void usageHelpAndUnknownWordsNeedThemAll() {
        assertThat(Commands.needed(root)).hasSize(Commands.ALL.size());
        assertThat(Commands.needed(root, "--help")).hasSize(Commands.ALL.size());
        assertThat(Commands.needed(root, "-V", "-h")).hasSize(Commands.ALL.size());
        assertThat(Commands.needed(root, "help", "compare")).hasSize(Commands.ALL.size());
        assertThat(Commands.needed(root, "benhc")).hasSize(Commands.ALL.size());
    }

    @Test
    void aWrongGuessFallsBackToEverySubcommand() {
        // -vC takes the next word as its value: the guess 'bench' is wrong. picocli refuses a command's name as an
        // option's value, with every subcommand built too: the error and the usage with the command list come out.
        Cli.Result r = Cli.raw("-vC", "bench", "ladder", "--help");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("Expected parameter for option '-C' but found 'bench'", "Commands:", "ladder");
    }

    @Test
    void topLevelUsageListsEveryCommandAndTypoIsSuggested() {
        Cli.Result usage = Cli.run(Path.of("."), "--help");
        assertThat(usage.out()).contains("Commands:", "demo", "ladder", "profile", "report");
        Cli.Result typo = Cli.run(Path.of("."), "benhc");
        assertThat(typo.exitCode()).isNotZero();
        assertThat(typo.all()).contains("Did you mean: pgolab bench?");
        Cli.Result version = Cli.run(Path.of("."), "--version");
        assertThat(version.out()).startsWith("pgolab ");
    }
}
