package io.pgolab.toolchain.bolt;

import io.pgolab.toolchain.ToolLocator;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** llvm-bolt and merge-fdata (and perf2bolt, when there) of one LLVM major. */
public record BoltInstall(int major, Path llvmBolt, Path mergeFdata, Optional<Path> perf2bolt) {

    /** BOLT of this LLVM major, when both llvm-bolt and merge-fdata are installed. */
    public static Optional<BoltInstall> at(int major) {
        Optional<Path> b = ToolLocator.llvmTool(major, "llvm-bolt");
        Optional<Path> f = ToolLocator.llvmTool(major, "merge-fdata");
        if (b.isPresent() && f.isPresent()) {
            return Optional.of(new BoltInstall(major, b.get(), f.get(), ToolLocator.llvmTool(major, "perf2bolt")));
        }
        return Optional.empty();
    }

    /** BOLT of each of these majors that has it, in their order. */
    public static List<BoltInstall> discover(List<Integer> llvmMajors) {
        return llvmMajors.stream().map(BoltInstall::at).flatMap(Optional::stream).toList();
    }
}
