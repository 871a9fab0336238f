package io.pgolab.process;

import io.pgolab.UserError;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The compiler wrapper of the compile audit, {@code pgolab-cc} (source: pgolab-cc.c beside this
 * class), built once per machine like {@link RunnerBinary}, and installed under two names:
 * {@code pgolab-cc} runs {@code $PGOLAB_REAL_CC}, {@code pgolab-c++} runs {@code $PGOLAB_REAL_CXX}.
 * Each invocation appends one record to {@code $PGOLAB_AUDIT_LOG}. A third name, {@code pgolab-exec},
 * is the wrapper of cargo's {@code RUSTC_WRAPPER} and Go's {@code -toolexec}: it records
 * {@code TOOL ARGS...} and runs it (through {@code $PGOLAB_CHAIN}, the user's own wrapper, when set).
 */
public final class CompilerWrapper {
    public static final String LOG_VAR = "PGOLAB_AUDIT_LOG";
    public static final String DEPS_VAR = "PGOLAB_AUDIT_DEPS";
    public static final String REAL_CC_VAR = "PGOLAB_REAL_CC";
    public static final String REAL_CXX_VAR = "PGOLAB_REAL_CXX";
    /** The user's own RUSTC_WRAPPER (sccache), run by pgolab-exec after recording. */
    public static final String CHAIN_VAR = "PGOLAB_CHAIN";
    static final String RESOURCE = "pgolab-cc.c";

    private CompilerWrapper() {
    }

    /** The names of the wrapper: C, C++, and the RUSTC_WRAPPER / -toolexec wrapper. */
    public record Paths(Path cc, Path cxx, Path exec) {
    }

    public static Paths ensure() {
        return ensure(RunnerBinary.defaultCacheDir());
    }

    public static synchronized Paths ensure(Path cacheDir) {
        Path cc = RunnerBinary.ensure(cacheDir, System.getenv("PATH"), RESOURCE, "pgolab-cc", "cc-wrapper");
        Path cxx = link(cc, "pgolab-c++");
        Path exec = link(cc, "pgolab-exec");
        return new Paths(cc, cxx, exec);
    }

    /** A symbolic link NAME -> pgolab-cc beside it, made atomically. */
    private static Path link(Path cc, String name) {
        Path target = cc.resolveSibling(name);
        if (Files.isSymbolicLink(target)) {
            return target;
        }
        Path tmp = cc.resolveSibling("." + name + "-" + ProcessHandle.current().pid());
        try {
            Files.deleteIfExists(tmp);
            Files.createSymbolicLink(tmp, cc.getFileName());
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UserError("cannot install pgolab's compiler wrapper in " + cc.getParent() + ": " + e.getMessage(),
                    "set PGOLAB_CACHE to a writable directory", e);
        }
        return target;
    }
}
