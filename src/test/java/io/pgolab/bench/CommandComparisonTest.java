package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.measure.Subject;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CommandComparisonTest {
    private static final List<String> CMDS = List.of("./old x", "./new x", "./upstream x");
    private static final Path CWD = Path.of("/tmp");

    private static List<String> subjects(CommandComparison c) {
        return c.workload().subjects().stream().map(Subject::label).toList();
    }

    @Test
    void theFirstIsTheBaselineByDefault() {
        CommandComparison c = CommandComparison.of(CMDS, List.of(), false, Optional.empty(), CWD);
        assertThat(subjects(c)).containsExactly("./old x", "./new x", "./upstream x");
        assertThat(c.title()).isEqualTo("pgolab compare (baseline: ./old x)");
    }

    @Test
    void aNumberALabelOrACommandNamesTheBaselineWhichComesFirst() {
        List<String> labels = List.of("old", "new", "upstream");
        for (String b : List.of("3", "upstream")) {
            CommandComparison c = CommandComparison.of(CMDS, labels, false, Optional.empty(), CWD, Optional.of(b));
            assertThat(subjects(c)).as(b).containsExactly("upstream", "old", "new");
            assertThat(c.title()).isEqualTo("pgolab compare (baseline: upstream)");
            assertThat(c.workload().command()).isEqualTo("./upstream x | ./old x | ./new x");
        }
        CommandComparison byCommand = CommandComparison.of(CMDS, labels, false, Optional.empty(), CWD, Optional.of("./new x"));
        assertThat(subjects(byCommand)).containsExactly("new", "old", "upstream");
        assertThat(byCommand.workload().subjects().get(0).argv()).contains("./new x");
    }

    @Test
    void aBadBaselineListsTheValidOnes() {
        for (String bad : List.of("0", "4", "99999999999", "nope", "")) {
            assertThatThrownBy(() -> CommandComparison.of(CMDS, List.of("old", "new", "up"), false, Optional.empty(), CWD,
                    Optional.of(bad))).isInstanceOf(UserError.class)
                    .hasMessage("--baseline '" + bad + "' is none of the 3 commands")
                    .satisfies(e -> assertThat(((UserError) e).hint()).contains("1 or 'old' (./old x), 2 or 'new' (./new x), 3 or 'up' (./upstream x)"));
        }
        assertThatThrownBy(() -> CommandComparison.of(List.of("a"), List.of(), true, Optional.empty(), CWD, Optional.of("1")))
                .hasMessageContaining("--baseline does not go with --aa");
    }

    @Test
    void aCommandGivenTwiceIsNamedByItsLabelOrNumber() {
        List<String> twice = List.of("./a", "./a");
        assertThatThrownBy(() -> CommandComparison.of(twice, List.of(), false, Optional.empty(), CWD, Optional.of("./a x")))
                .isInstanceOf(UserError.class);
        CommandComparison c = CommandComparison.of(twice, List.of(), false, Optional.empty(), CWD, Optional.of("./a #2"));
        assertThat(subjects(c)).containsExactly("./a #2", "./a");
        assertThat(subjects(CommandComparison.of(twice, List.of(), false, Optional.empty(), CWD, Optional.of("2"))))
                .containsExactly("./a #2", "./a");
    }
}
