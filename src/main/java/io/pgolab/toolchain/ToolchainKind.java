package io.pgolab.toolchain;

import java.util.Arrays;
import java.util.Optional;

/**
 * The toolchain kinds ([toolchain] kind), in the order doctor lists them, and what code outside
 * toolchain/ needs to know of each: it asks the kind instead of comparing its name.
 */
public enum ToolchainKind {
    CLANG("clang", true, true, false, false),
    GCC("gcc", true, true, false, false),
    CARGO("cargo", false, true, false, false),
    GO("go", false, false, true, false),
    JVM("jvm", false, false, false, true);

    private final String id;
    private final boolean c;
    private final boolean partialTraining;
    private final boolean framePointers;
    private final boolean jvm;

    ToolchainKind(String id, boolean c, boolean partialTraining, boolean framePointers, boolean jvm) {
        this.id = id;
        this.c = c;
        this.partialTraining = partialTraining;
        this.framePointers = framePointers;
        this.jvm = jvm;
    }

    /** The kind a config names ("clang", "gcc", "cargo", "go", "jvm"); empty for any other name. */
    public static Optional<ToolchainKind> find(String id) {
        return Arrays.stream(values()).filter(k -> k.id.equals(id)).findFirst();
    }

    /** The kind of a validated config or of a detected toolchain. */
    public static ToolchainKind of(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("unvalidated toolchain kind " + id));
    }

    /** Its name in the config. */
    public String id() {
        return id;
    }

    /** Compiles C and C++ through the user's build.command ({cc}, {cflags}, ...): clang and gcc. */
    public boolean c() {
        return c;
    }

    /** Takes [toolchain] partial_training, the guard for code training never ran: gcc, clang and cargo. */
    public boolean partialTraining() {
        return partialTraining;
    }

    /** Its binaries keep frame pointers without being asked to: go. */
    public boolean framePointers() {
        return framePointers;
    }

    /**
     * Runs its programs on a JVM: no compiler profile to train, a JDK in place of a compiler, and the JVM
     * steps (cds, aot, native-pgo) in place of the native ones.
     */
    public boolean jvm() {
        return jvm;
    }

    /**
     * True when the kind's compiler is surely missing before its toolchain is detected: gcc with no gcc
     * on PATH. False for the others, whose compilers detection looks for (clang's by LLVM version).
     */
    public boolean compilerMissing() {
        return this == GCC && ToolLocator.onPath("gcc").isEmpty();
    }
}
