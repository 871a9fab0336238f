package io.pgolab.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TextTest {
    @Test
    void malformedUtf8IsReplacedNotThrown() {
        byte[] b = {'c', 'a', 'f', (byte) 0xe9, ' ', (byte) 0xff, (byte) 0xfe, 'o', 'k', (byte) 0xe2, (byte) 0x82};
        assertThat(Text.decode(b)).isEqualTo("caf\uFFFD \uFFFD\uFFFDok\uFFFD");
        assertThat(Text.decode("héllo €".getBytes(StandardCharsets.UTF_8))).isEqualTo("héllo €");
    }

    @Test
    void controlCharactersBecomeVisibleButNewlinesAndTabsStay() {
        assertThat(Text.visible("\u001b[2J\u001b]0;title\u0007red\r\n\tok\u0000\u007f\u009b"))
                .isEqualTo("\\e[2J\\e]0;title\\x07red\\r\n\tok\\x00\\x7f\\x9b");
        String plain = "normal output: 12 ops/s, héllo\n\tdone";
        assertThat(Text.visible(plain)).isSameAs(plain);
    }

    @Test
    void inlineMakesEveryLineBreakControlAndBidiCharacterVisible() {
        assertThat(Text.inline("a\nb\r\tc\u001b[31m\u0007\u007f\u0085d")).isEqualTo("a\\nb\\r\\tc\\x1b[31m\\x07\\x7f\\x85d");
        assertThat(Text.inline("x\u202Egnp.exe\u2066\u200B\u2028\u2029\uFEFF\u00AD")).isEqualTo(
                "x<U+202E>gnp.exe<U+2066><U+200B><U+2028><U+2029><U+FEFF><U+00AD>");
        // a tag character (outside the BMP, category Cf) hides text too
        assertThat(Text.inline("a\uDB40\uDC41b")).isEqualTo("a<U+E0041>b");
        String plain = "héllo wörld 😀 ±2% – ok";
        assertThat(Text.inline(plain)).isSameAs(plain);
        assertThat(Text.inline(null)).isNull();
    }

    @Test
    void inlineNeverStartsAWorkflowCommand() {
        assertThat(Text.inline("::warning title=x::y")).isEqualTo("\\x3a:warning title=x::y");
        assertThat(Text.inline("  \u00A0\u3000::error::z")).isEqualTo("  \u00A0\u3000\\x3a:error::z");
        assertThat(Text.inline("\t::set-output name=a::b")).isEqualTo("\\t\\x3a:set-output name=a::b");
        assertThat(Text.inline("note ::warning::x")).isEqualTo("note ::warning::x");
        assertThat(Text.inline("a\n::warning::x")).isEqualTo("a\\n::warning::x");
    }

    @Test
    void lastLinesDropsTrailingBlankLinesAndEscapes() {
        assertThat(Text.lastLines("a\nb\nc\n\n  \n", 2)).isEqualTo("b\nc");
        assertThat(Text.lastLines("one\r\ntwo\r\n", 5)).isEqualTo("one\ntwo");
        assertThat(Text.lastLines("x\n\u001b[31mred\n", 1)).isEqualTo("\\e[31mred");
        assertThat(Text.lastLines("", 3)).isEmpty();
    }

    @Test
    void aLongLineKeepsItsEndAfterAMarkerCountingTheBytesCut() {
        String line = "a".repeat(5000) + "END";
        String t = Text.lastLines("first\n" + line + "\n", 1);
        assertThat(t).startsWith("… (" + (5003 - Text.LINE_BYTES) + " bytes cut) ").endsWith("aEND");
        assertThat(t.length()).isLessThan(Text.LINE_BYTES + 40);
    }

    @Test
    void theFirstLineOfAWindowCountsTheBytesBeforeIt() {
        byte[] b = "tail of a long line\nlast".getBytes(StandardCharsets.UTF_8);
        assertThat(Text.lastLines(b, 0, b.length, 1000, 5)).isEqualTo("… (1000 bytes cut) tail of a long line\nlast");
        assertThat(Text.lastLines(b, 0, b.length, 1000, 1)).isEqualTo("last");
    }

    @Test
    void aLongLineIsNotCutInsideACharacter() {
        String t = Text.lastLines("é".repeat(3000), 1);
        assertThat(t).doesNotContain("\uFFFD").endsWith("é");
    }
}
