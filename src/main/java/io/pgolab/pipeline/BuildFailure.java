package io.pgolab.pipeline;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.pgolab.UserError;
import io.pgolab.workload.ShellRunner;
import java.util.Optional;

/**
 * What stopped a build: the artifact being built (a variant, "instrumented", "NAME.base"), the step
 * ("clean", "configure", "build", "check", "bolt" or "train", see refused), the command as run,
 * how it ended (exit status, or the signal that killed it, or a timeout), its log and the log's last lines
 * (for a "check" all these are absent: the message says what was refused), and pgolab's message.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record BuildFailure(String variant, String step, String command, Integer exitStatus, Integer signal,
                           boolean timedOut, String log, String tail, String message) {
    /** Lines of the log's end kept in tail. */
    static final int TAIL_LINES = 30;

    /** A command (clean, configure or build) that failed. */
    static BuildFailure of(String variant, String step, ShellRunner.Outcome o, String message) {
        var m = o.measurement();
        return new BuildFailure(variant, step, o.commandLine(), m.signal() == 0 && !m.timedOut() ? m.exitCode() : null,
                m.signal() == 0 ? null : m.signal(), m.timedOut(), o.logFile().toString(), o.tail(TAIL_LINES), message);
    }

    /**
     * A step that failed with a message only: step "check" is a build refused (its command failed to start,
     * produced no artifact, an audit finding...), "bolt" BOLT's rewrite of the variant, "train" the training
     * of the instrumented build.
     */
    static BuildFailure refused(String variant, String step, String message) {
        return new BuildFailure(variant, step, null, null, null, false, null, null, message);
    }

    /** e as a Failed of this step of variant, unless it already is one. */
    static Failed wrap(UserError e, String variant, String step) {
        return e instanceof Failed f ? f : new Failed(e, refused(variant, step, e.getMessage()), null);
    }

    /**
     * The error a failed build raises: the user's message and hint, with what failed, and (once the
     * pipeline knows it) the builds that finished before.
     */
    public static final class Failed extends UserError {
        private final BuildFailure failure;
        private final transient PipelineOutcome finished;

        Failed(UserError e, BuildFailure failure, PipelineOutcome finished) {
            super(e.getMessage(), e.hint(), e.getCause());
            this.failure = failure;
            this.finished = finished;
            for (Throwable later : e.getSuppressed()) {   // a teardown that failed after it: still said, second
                addSuppressed(later);
            }
        }

        public BuildFailure failure() {
            return failure;
        }

        /** The builds that finished before this one failed (none when they are not known). */
        public Optional<PipelineOutcome> finished() {
            return Optional.ofNullable(finished);
        }

        Failed after(PipelineOutcome done) {
            Failed f = new Failed(this, failure, done);
            f.setStackTrace(getStackTrace());
            return f;
        }
    }
}
