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
 * Each invocation appends one record to {@code $PGOLAB_AUDIT_LOG}.
 */
public final class CompilerWrapper {
    public static final String LOG_VAR = "PGOLAB_AUDIT_LOG";
    public static final String DEPS_VAR = "PGOLAB_AUDIT_DEPS";
    public static final String REAL_CC_VAR = "PGOLAB_REAL_CC";
    public static final String REAL_CXX_VAR = "PGOLAB_REAL_CXX";
    static final String RESOURCE = "pgolab-cc.c";

    private CompilerWrapper() {
    }

    /** The two names of the wrapper: C and C++. */
    public record Paths(Path cc, Path cxx) {
    }

    public static Paths ensure() {
        return ensure(RunnerBinary.defaultCacheDir());
    }

    public static synchronized Paths ensure(Path cacheDir) {
        Path cc = RunnerBinary.ensure(cacheDir, System.getenv("PATH"), RESOURCE, "pgolab-cc", "cc-wrapper");
        Path cxx = cc.resolveSibling("pgolab-c++");
        if (!Files.isSymbolicLink(cxx)) {
            Path tmp = cc.resolveSibling(".pgolab-c++-" + ProcessHandle.current().pid());
            try {
                Files.deleteIfExists(tmp);
                Files.createSymbolicLink(tmp, cc.getFileName());
                try {
                    Files.move(tmp, cxx, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, cxx, StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                throw new UserError("cannot install pgolab's compiler wrapper in " + cc.getParent() + ": " + e.getMessage(),
                        "set PGOLAB_CACHE to a writable directory", e);
            }
        }
        return new Paths(cc, cxx);
    }
}
