package io.pgolab.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFileTest {
    @TempDir
    Path tmp;

    /** lines numbered from 0, each 100 bytes with its newline, up to at least bytes in all; the last says END. */
    private Path lines(long bytes) throws IOException {
        Path f = tmp.resolve("out");
        try (OutputStream o = new java.io.BufferedOutputStream(Files.newOutputStream(f))) {
            for (long i = 0; i * 100 < bytes; i++) {
                o.write(String.format("%-98d|\n", i).getBytes(StandardCharsets.US_ASCII));
            }
            o.write("END\n".getBytes(StandardCharsets.US_ASCII));
        }
        return f;
    }

    @Test
    void aShortOutputIsReadWholeAndLeftAlone() throws IOException {
        Path f = tmp.resolve("small");
        Files.write(f, new byte[] {'o', 'k', ' ', (byte) 0xff, '\n'});
        assertThat(OutputFile.read(f)).isEqualTo("ok \uFFFD\n");
        OutputFile.cap(f);
        assertThat(Files.size(f)).isEqualTo(5);
    }

    @Test
    void aLongOutputIsReadAsItsHeadAndTailCutAtLineEnds() throws IOException {
        Path f = lines(20L << 20);
        long size = Files.size(f);
        String text = OutputFile.read(f);
        assertThat(text).startsWith("0 ").endsWith("|\nEND\n").contains(" bytes cut)\n");
        assertThat(text.length()).isLessThanOrEqualTo(OutputFile.HEAD_BYTES + OutputFile.TAIL_BYTES + 100);
        for (String line : text.split("\n")) {   // whole lines only
            assertThat(line.length() == 99 || line.equals("END") || line.startsWith("… (")).as(line).isTrue();
        }
        String marker = text.lines().filter(l -> l.startsWith("… (")).findFirst().orElseThrow();
        long cut = Long.parseLong(marker.replaceAll("\\D", ""));
        assertThat(text.getBytes(StandardCharsets.UTF_8).length - marker.getBytes(StandardCharsets.UTF_8).length - 1 + cut)
                .isEqualTo(size);
    }

    @Test
    void capCutsTheFileInPlaceToWhatReadReturns() throws IOException {
        Path f = lines(200L << 20);
        String before = OutputFile.read(f);
        OutputFile.cap(f);
        assertThat(Files.size(f)).isLessThanOrEqualTo(OutputFile.HEAD_BYTES + OutputFile.TAIL_BYTES + 100L);
        assertThat(OutputFile.read(f)).isEqualTo(before);
        long size = Files.size(f);
        OutputFile.cap(f);   // a cut file stays as it is
        assertThat(Files.size(f)).isEqualTo(size);
    }

    @Test
    void oneHugeLineIsCutToo() throws IOException {
        Path f = tmp.resolve("line");
        try (OutputStream o = new java.io.BufferedOutputStream(Files.newOutputStream(f))) {
            byte[] chunk = "é".repeat(1 << 15).getBytes(StandardCharsets.UTF_8);
            for (int i = 0; i < 200; i++) {   // 12.5 MiB of two-byte characters, no newline
                o.write(chunk);
            }
        }
        String text = OutputFile.read(f);
        assertThat(text).doesNotContain("\uFFFD").contains(" bytes cut)\n");
        String tail = OutputFile.tail(f, 3);
        assertThat(tail).startsWith("… (" + (Files.size(f) - Text.LINE_BYTES) + " bytes cut) é").endsWith("é");
        assertThat(tail.length()).isLessThan(Text.LINE_BYTES);
    }

    @Test
    void tailReadsOnlyTheEndAndShowsControlCharacters() throws IOException {
        Path f = lines(10L << 20);
        Files.write(f, "\u001b[2Jcleared\n".getBytes(StandardCharsets.UTF_8), java.nio.file.StandardOpenOption.APPEND);
        assertThat(OutputFile.tail(f, 2)).isEqualTo("END\n\\e[2Jcleared");
        assertThat(OutputFile.tail(tmp.resolve("missing"), 2)).isEmpty();
    }
}
