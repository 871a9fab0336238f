package io.pgolab.tree;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A manifest line's mode field: every permission bit pattern as String.format("%04o") wrote it. */
class TreeEntryTest {
    @Test
    void modesAreFourOctalDigits() {
        for (int mode = 0; mode <= 07777; mode++) {
            assertThat(TreeEntry.octal(mode)).isEqualTo(String.format("%04o", mode));
        }
    }

    @Test
    void aLineReadsBackAsItself() {
        TreeEntry e = new TreeEntry("usr/bin/app", TreeEntry.Type.FILE, 0755, 12, "ab");
        assertThat(e.line()).isEqualTo("usr/bin/app\tf\t0755\t12\tab");
        assertThat(TreeEntry.parse(e.line())).isEqualTo(e);
    }
}
