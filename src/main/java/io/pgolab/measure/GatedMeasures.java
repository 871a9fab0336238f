package io.pgolab.measure;

import java.util.List;
import java.util.Set;

/**
 * The gated measures a campaign's stop rule waits for, given the metrics measured so far: a microbenchmark suite's
 * benchmarks (micro.NAME) are known only once the suite ran, and each of them is a gated measure, so the list is asked
 * again at every look.
 */
@FunctionalInterface
public interface GatedMeasures {
    List<Gated> of(Set<String> measured);

    /** The same measures whatever was measured. */
    static GatedMeasures fixed(List<Gated> gated) {
        List<Gated> copy = List.copyOf(gated);
        return measured -> copy;
    }
}
