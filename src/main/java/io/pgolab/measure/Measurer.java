package io.pgolab.measure;

import io.pgolab.process.CommandMeasurer;
import io.pgolab.process.MeasuredCommand;
import io.pgolab.process.Measurement;
import java.io.IOException;

/**
 * Runs one command to completion and says what it cost: what {@link Campaign} needs from the
 * machine. The real one is {@link #of(CommandMeasurer)} (pgolab-runner: CPU pinning, timeouts,
 * rusage); tests give a fake that runs no process.
 *
 * <p>Contract, as {@link CommandMeasurer#run} keeps it: the command's standard output and error go
 * to {@link MeasuredCommand#stdoutFile()} and {@link MeasuredCommand#stderrFile()} (created or
 * truncated); a command that exits non-zero, dies of a signal or times out is a normal
 * {@link Measurement}, not an exception.
 */
@FunctionalInterface
public interface Measurer {
    /**
     * @throws io.pgolab.UserError  the command could not be executed or pinned
     * @throws IOException          the measurement itself failed
     * @throws InterruptedException the calling thread was interrupted; the command has been stopped
     */
    Measurement run(MeasuredCommand c) throws IOException, InterruptedException;

    /** Measures through pgolab-runner. */
    static Measurer of(CommandMeasurer m) {
        return m::run;
    }
}
