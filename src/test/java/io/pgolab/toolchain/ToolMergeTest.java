package io.pgolab.toolchain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.util.CommandLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Profile merges with fake tools: a hung merge is stopped at its timeout, a full disk is named, temp paths are unique. */
class ToolMergeTest {
    @TempDir
    Path dir;

    @BeforeEach
    void shortTimeout() {
        System.setProperty(MergeRun.PROPERTY, "1");
    }

    @AfterEach
    void resetTimeout() {
        System.clearProperty(MergeRun.PROPERTY);
    }

    private Path tool(String name, String body) throws Exception {
        Path t = dir.resolve(name);
        Files.writeString(t, "#!/bin/sh\n" + body + "\n");
        Files.setPosixFilePermissions(t, PosixFilePermissions.fromString("rwxr-xr-x"));
        return t;
    }

    private List<RawInput> twoWorkloads() throws Exception {
        Path a = Files.createDirectories(dir.resolve("runs/a"));
        Path b = Files.createDirectories(dir.resolve("runs/b"));
        Files.writeString(a.resolve("x.gcda"), "a");
        Files.writeString(b.resolve("x.gcda"), "b");
        return List.of(new RawInput("a", a, 1), new RawInput("b", b, 2));
    }

    @Test
    void aHungGcovToolMergeIsStoppedAtTheTimeoutAndLeavesNoTempPath() throws Exception {
        Path gcov = tool("gcov-tool-12", "mkdir -p \"$5\"; echo partial > \"$5/x.gcda\"; exec sleep 61.7373");
        Path out = Files.createDirectories(dir.resolve("profiles"));
        Path acc = MergeRun.tempPath(out, "");
        long t0 = System.nanoTime();
        List<RawInput> inputs = twoWorkloads();
        assertThatThrownBy(() -> GcdaCheck.gcovMerge(gcov, CommandLog.silent(), inputs, acc,
                MergeWeights.of(inputs, null, MergeWeights.LLVM_CAP)))
                .isInstanceOf(UserError.class)
                .hasMessageStartingWith("gcov-tool-12 merge did not finish within 1 s and was stopped: " + gcov + " merge -w 1,2 -o")
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("PGOLAB_MERGE_TIMEOUT=600")
                        .contains("gcov-tool-12 is hung"));
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(10);
        MergeRun.published(acc);
        io.pgolab.process.Scratch.discard(acc.resolveSibling(acc.getFileName() + ".1"));
        try (Stream<Path> s = Files.list(out)) {
            assertThat(s.toList()).isEmpty();
        }
    }

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
