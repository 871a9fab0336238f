package io.pgolab.toolchain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.util.CommandLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Profile merges with fake tools: a full disk is named, temp paths are unique, the timeout is configurable (gcc: GcovMergeTest). */
class ToolMergeTest extends FakeMergeTools {

    @Test
    void aFullDiskDuringAMergeNamesTheOutputAndTheFreeSpace() throws Exception {
        Path profdata = tool("llvm-profdata", "echo \"error: $3: No space left on device\" >&2; exit 1");
        Path out = dir.resolve("profiles/merged.tmp-1-1.profdata");
        assertThatThrownBy(() -> MergeRun.run(CommandLog.silent(), List.of(profdata.toString(), "merge", "-o", out.toString()),
                out, 5 * 1024 * 1024))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("no space left on device writing " + out + ": ")
                .hasMessageContaining(" free on ").hasMessageEndingWith("writing 5.0 MiB")
                .satisfies(e -> assertThat(((UserError) e).hint()).doesNotContain("retrain"));
    }

    @Test
    void tempPathsAreUniqueAndLeftoversOfDeadProcessesAreSwept() throws Exception {
        Path out = Files.createDirectories(dir.resolve("profiles"));
        Path legacy = Files.createDirectories(out.resolve("merged.tmp.1"));
        Path legacyFile = Files.writeString(out.resolve("merged.tmp.profdata"), "x");
        Path dead = Files.writeString(out.resolve("merged.tmp-999999999-3.pprof"), "x");
        Path kept = Files.writeString(out.resolve("merged-0123456789ab.profdata"), "x");
        Path a = MergeRun.tempPath(out, "profdata");
        Path b = MergeRun.tempPath(out, "profdata");
        assertThat(a).isNotEqualTo(b);
        assertThat(a.getFileName().toString()).startsWith("merged.tmp-" + ProcessHandle.current().pid() + "-");
        Files.writeString(a, "mine");
        MergeRun.sweep(out);
        assertThat(legacy).doesNotExist();
        assertThat(legacyFile).doesNotExist();
        assertThat(dead).doesNotExist();
        assertThat(kept).exists();
        assertThat(a).exists(); // a live process's own temp is never swept
        MergeRun.published(a);
        assertThat(a).doesNotExist();
    }

    @Test
    void theTimeoutComesFromTheEnvironmentOrProperty() {
        System.setProperty(MergeRun.PROPERTY, "2.5");
        assertThat(MergeRun.timeout()).hasMillis(2500);
        System.setProperty(MergeRun.PROPERTY, "soon");
        assertThatThrownBy(MergeRun::timeout).isInstanceOf(UserError.class).hasMessageContaining("PGOLAB_MERGE_TIMEOUT=soon");
        System.clearProperty(MergeRun.PROPERTY);
        if (System.getenv(MergeRun.ENV) == null) {
            assertThat(MergeRun.timeout()).isEqualTo(MergeRun.DEFAULT_TIMEOUT);
        }
    }
}
