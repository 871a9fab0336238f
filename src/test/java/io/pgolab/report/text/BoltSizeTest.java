package io.pgolab.report.text;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.elf.ElfLayout;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Why a BOLT binary is larger: the note, from the ELF layout of the file. */
class BoltSizeTest {
    @Test
    void aFileThatIsMostlyPaddingIsExplained() {
        // measured: a 17.5 KiB gcc -O2 program after llvm-bolt 19 with pgolab's default options
        ElfLayout bolted = new ElfLayout(6_297_296, 9_545);

        assertThat(BuildReport.paddingNote(bolted)).contains("the binary is 6.0 MiB, of which 6.0 MiB is zero padding"
                + " and 9.3 KiB code and data: BOLT writes the code it rewrote to a new text segment aligned to 2 MiB"
                + " for huge pages (the padding is sparse on disk; -use-old-text cannot reuse an old .text this small,"
                + " and -no-huge-pages in [bolt] options drops the alignment; see docs/troubleshooting.md)");
    }

    @Test
    void ordinaryPageAlignmentIsNotWorthANote() {
        assertThat(BuildReport.paddingNote(new ElfLayout(45_416, 40_395))).isEmpty();
        assertThat(BuildReport.paddingNote(new ElfLayout(17_888, 8_682))).isEmpty();
    }

    @Test
    void theLayoutOfARealElfFile() {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ElfLayout l = ElfLayout.read(java).orElseThrow();

        assertThat(l.fileBytes()).isEqualTo(java.toFile().length());
        assertThat(l.sectionBytes()).isPositive().isLessThanOrEqualTo(l.fileBytes());
        assertThat(ElfLayout.read(Path.of("pom.xml"))).isEmpty();
    }
}
