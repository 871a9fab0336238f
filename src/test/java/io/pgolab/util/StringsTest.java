package io.pgolab.util;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StringsTest {
    @Test
    void firstLineSkipsBlankLinesAndStrips() {
        assertThat(Strings.firstLine("\n  \n  Error: no permission  \nmore")).isEqualTo("Error: no permission");
        assertThat(Strings.firstLine("one")).isEqualTo("one");
        assertThat(Strings.firstLine(" \n\n")).isEmpty();
        assertThat(Strings.firstLine(null)).isEmpty();
        assertThat(Strings.firstLine("", "(no output)")).isEqualTo("(no output)");
    }

    @Test
    void tailKeepsTheLastLinesWithoutTrailingBlankOnes() {
        assertThat(Strings.tail("a\nb\nc\n\n", 2)).isEqualTo("b\nc");
        assertThat(Strings.tail("only", 1)).isEqualTo("only");
    }
}
