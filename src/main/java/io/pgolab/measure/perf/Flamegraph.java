package io.pgolab.measure.perf;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One recorded run as folded stacks (Brendan Gregg's format: the frames of a call stack from the root, the process
 * name first, joined by ';', mapped to the samples that ended in it). What the HTML report and the standalone SVGs
 * draw; kept in the results file so that {@code pgolab report} draws it again.
 *
 * @param event        the sampled event ({@code cycles} or {@code cpu-clock} where hardware events are missing)
 * @param callGraph    how call stacks were unwound: {@code fp} (frame pointers), {@code dwarf} or {@code lbr}
 * @param samples      the samples in {@code stacks}, all of them (merged ones included)
 * @param stacks       folded stack → samples, largest first
 * @param mergedFrames frames below {@code minSamples} whose stacks were cut there and merged into one
 *                     {@link FoldedStacks#MERGED} frame (0 when the profile was small enough to keep whole)
 * @param minSamples   the smallest frame kept whole (0: nothing merged)
 */
public record Flamegraph(String event, String callGraph, long samples, Map<String, Long> stacks, int mergedFrames,
                         long minSamples) {
    public Flamegraph {
        stacks = Collections.unmodifiableMap(new LinkedHashMap<>(stacks));
    }

    /** "cpu-clock, DWARF call graphs, 4,210 samples": what the report says about how it was recorded. */
    public String describe() {
        String how = switch (callGraph) {
            case "fp" -> "frame-pointer call graphs";
            case "dwarf" -> "DWARF call graphs";
            case "lbr" -> "LBR call graphs";
            default -> callGraph + " call graphs";
        };
        String merged = mergedFrames == 0 ? "" : String.format(Locale.ROOT,
                "; %d frames under %d samples merged into %s", mergedFrames, minSamples, FoldedStacks.MERGED);
        return String.format(Locale.ROOT, "%s, %s, %,d samples%s", event, how, samples, merged);
    }
}
