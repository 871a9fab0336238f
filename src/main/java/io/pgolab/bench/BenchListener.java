package io.pgolab.bench;

import io.pgolab.measure.Progress;

/** How a bench reports progress; the CLI decides how to show it. The engine never prints. */
public interface BenchListener {
    /** A workload's measurement starts; detail says with what (subjects, when it stops, primary metrics, counters). */
    void measuring(String workload, String detail);

    /** Progress of the rounds of the current workload. */
    Progress progress();

    /**
     * How long the bench is expected to take, known once a workload's warm-up has timed a round (see
     * {@link TimePlan#estimate}); once per workload.
     */
    default void expecting(String estimate) {
    }

    /** The current workload's rounds are over. */
    void measured(String workload);

    BenchListener SILENT = new BenchListener() {
        @Override
        public void measuring(String workload, String detail) {
        }

        @Override
        public Progress progress() {
            return Progress.NONE;
        }

        @Override
        public void measured(String workload) {
        }
    };
}
