package io.pgolab.jvm;

import io.pgolab.config.WorkloadSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

/**
 * One training run of a workload with a given program, as the pipeline's training stage runs it (log, timeout,
 * services, checks): what a JVM archive is made from. recorded: the files the run left in raw (none: it failed).
 */
@FunctionalInterface
public interface TrainingRun {
    void run(WorkloadSpec w, String binary, Path raw, Function<Path, List<Path>> recorded, String logPrefix);
}
