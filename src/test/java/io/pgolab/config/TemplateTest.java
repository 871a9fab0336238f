package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TemplateTest {
    @Test
    void rendersPlaceholdersAndLeavesShellVariablesAndEscapes() {
        String t = "{cc} -o {{out}} ${HOME}/x {cflags}";
        assertThat(Template.placeholders(t)).containsExactly("cc", "cflags");
        assertThat(Template.render(t, Map.of("cc", "clang", "cflags", "-O2"))).isEqualTo("clang -o {out} ${HOME}/x -O2");
    }

    @Test
    void findsUnknownNames() {
        assertThat(Template.unknown("{cc} {cflag} {cc}", Set.of("cc", "cflags"))).containsExactly("cflag");
    }

    @Test
    void parsesDurations() {
        assertThat(Durations.parse("1m30s").orElseThrow().getSeconds()).isEqualTo(90);
        assertThat(Durations.parse("250ms").orElseThrow().toMillis()).isEqualTo(250);
        assertThat(Durations.parse("5 minutes")).isEmpty();
        assertThat(Durations.parse("")).isEmpty();
    }
}
