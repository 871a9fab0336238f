package io.pgolab.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MdTest {
    @Test
    void aCellCannotBreakTheTableOrInjectHtml() {
        String cell = Md.text("echo 1 | cat\n<script>alert(1)</script> [x](y) *b* \u001b[2J");
        assertThat(cell).doesNotContain("\n").doesNotContain("<script>").doesNotContain("\u001b");
        assertThat(cell.replace("\\|", "")).doesNotContain("|");
        assertThat(cell).isEqualTo("echo 1 \\| cat\\\\n&lt;script&gt;alert(1)&lt;/script&gt; \\[x\\](y) \\*b\\* \\\\x1b\\[2J");
    }

    @Test
    void ordinaryNamesAreUnchanged() {
        assertThat(Md.text("release → pgo+lto@server")).isEqualTo("release → pgo+lto@server");
        assertThat(Md.text("cpu_time_per_op")).isEqualTo("cpu_time_per_op");
    }

    @Test
    void codeSpansHoldBackticksExactly() {
        assertThat(Md.code("{binary} input")).isEqualTo("`{binary} input`");
        assertThat(Md.code("a `b` c")).isEqualTo("``a `b` c``");
        assertThat(Md.code("`x`")).isEqualTo("`` `x` ``");
        assertThat(Md.code("a\nb")).isEqualTo("`a\\nb`");
    }
}
