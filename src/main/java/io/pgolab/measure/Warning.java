package io.pgolab.measure;

/**
 * Something that makes a campaign's measurements noisier or weaker, as data: what kind of problem, and the
 * sentence the reports print (the results JSON keeps the sentences, as "warnings": list of strings).
 */
public record Warning(Kind kind, String message) {

    public enum Kind {
        /** The CPU frequency governor is not "performance". */
        GOVERNOR,
        /** Other runnable processes before measuring. */
        LOAD_BEFORE,
        /** Other runnable processes right after measuring. */
        LOAD_AFTER,
        /** The budget is shorter than the minimum rounds; the rounds win. */
        SHORT_BUDGET,
        /** A primary metric's coefficient of variation is above 5 %. */
        HIGH_VARIATION,
        /** Runs with a modified z-score above 10 (kept). */
        OUTLIERS,
        /** Rounds where every subject's time moved off its median together: the machine changed speed. */
        PHASE_CHANGES,
        /** Mean steal time above 2 % during the rounds. */
        STEAL,
        /** --randomize-layout with ASLR off (randomize_va_space = 0). */
        ASLR_OFF,
        /** first_output_time asked for, and a subject wrote nothing to stdout: its figure is its wall time. */
        NO_FIRST_OUTPUT,
        /** A suite's benchmark measured for one subject and not the other (new, removed, or missing in some rounds). */
        UNPAIRED_BENCHMARK,
        /** A suite's benchmark the parser left out of some runs (0 ns/op, no time): named, with why. */
        LEFT_OUT_BENCHMARK,
        /** Two or more subjects' binaries are byte-identical: their comparison measures only noise. */
        IDENTICAL_BINARIES,
        /** pgolab's own threads could not be kept off the measured CPU (one CPU, no taskset, refused). */
        JVM_NOT_PINNED
    }

    @Override
    public String toString() {
        return message;
    }
}
