package io.pgolab.util;

import java.util.function.Supplier;

/**
 * The first failure of a sequence of steps, with each later one (a teardown, a cleanup) attached to
 * it as suppressed: the error thrown is the one that came first, and the later ones are reported
 * after it (the CLI prints them below it), never instead of it.
 */
public final class FirstFailure {
    private RuntimeException first;

    /**
     * body, then cleanup, whether body failed or not: a failure of body is thrown with cleanup's
     * failure attached to it (cleanup never replaces it); a failure of cleanup alone is thrown as is.
     */
    public static <T> T withCleanup(Supplier<T> body, Runnable cleanup) {
        T result;
        try {
            result = body.get();
        } catch (RuntimeException e) {
            FirstFailure f = new FirstFailure();
            f.add(e);
            f.run(cleanup);
            throw e;
        }
        cleanup.run();
        return result;
    }

    /** Runs step and keeps its failure: as the first one, or attached to the first. */
    public void run(Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            add(e);
        }
    }

    /** Keeps e: as the first failure, or attached to the first. */
    public void add(RuntimeException e) {
        if (first == null) {
            first = e;
        } else if (first != e) {
            first.addSuppressed(e);
        }
    }

    public boolean failed() {
        return first != null;
    }

    /** Throws the first failure (with the later ones attached), if there was one. */
    public void rethrow() {
        if (first != null) {
            throw first;
        }
    }
}
