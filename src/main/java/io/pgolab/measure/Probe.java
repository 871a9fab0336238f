package io.pgolab.measure;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * An extra source of metrics around a measured run, in the manner of JMH's profilers: it wraps the
 * command (perf stat, valgrind) and reads its figures back afterwards.
 */
public interface Probe {
    String name();

    /** The command line to run instead of argv; scratch is an empty directory for this run. */
    List<String> wrap(List<String> argv, Path scratch);

    /** The figures of the run, read from scratch. */
    Map<String, Double> read(Path scratch);

    /** What this probe reports. */
    Map<String, MetricInfo> metrics();
}
