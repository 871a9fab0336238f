package io.pgolab.util;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A full disk (simulated ENOSPC) becomes a message with the path, the free space and the size. */
class DiskFullTest {
    @TempDir
    Path dir;

    @Test
    void anEnospcNamesThePathTheFreeSpaceAndTheSize() {
        Path target = dir.resolve(".pgolab/bin/abc.tmp-1/hot");
        RuntimeException e = DiskFull.wrap(target, 3 * 1024 * 1024, new IOException("No space left on device"));
        assertThat(e).isInstanceOf(UserError.class);
        assertThat(e.getMessage()).startsWith("no space left on device writing " + target + ": ")
                .contains(" free on ").endsWith("; writing 3.0 MiB");
        assertThat(((UserError) e).hint()).contains("free space").contains(".pgolab").doesNotContain("retrain");
    }

    @Test
    void theFileOfAFileSystemExceptionWinsAndCausesAreSearched() {
        IOException fs = new FileSystemException(dir.resolve("a.json").toString(), null, "No space left on device");
        RuntimeException e = DiskFull.wrap(dir.resolve("b"), 0, new IOException("write failed", fs));
        assertThat(e.getMessage()).startsWith("no space left on device writing " + dir.resolve("a.json") + ": ")
                .doesNotContain("writing 0");
    }

    @Test
    void otherIoErrorsStayAsTheyWere() {
        IOException other = new IOException("Permission denied");
        assertThat(DiskFull.wrap(dir, 0, other)).isInstanceOf(UncheckedIOException.class).hasCause(other);
        assertThat(DiskFull.inOutput("dd: error writing 'x': No space left on device")).isTrue();
        assertThat(DiskFull.inOutput("error: no such file")).isFalse();
    }

    @Test
    void sizesAreHuman() {
        assertThat(DiskFull.human(512)).isEqualTo("512 bytes");
        assertThat(DiskFull.human(1536)).isEqualTo("1.5 KiB");
        assertThat(DiskFull.freeSpace(dir.resolve("not/yet/there"))).contains(" free on ");
    }
}
