package io.pgolab.toolchain.gcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.toolchain.FakeMergeTools;
import io.pgolab.toolchain.MergeRun;
import io.pgolab.toolchain.MergeWeights;
import io.pgolab.toolchain.RawInput;
import io.pgolab.util.CommandLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** gcov-tool's merge with a fake tool: a hung merge is stopped at its timeout and leaves no temporary path. */
class GcovMergeTest extends FakeMergeTools {

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
}
