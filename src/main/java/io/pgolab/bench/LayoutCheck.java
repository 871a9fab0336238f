package io.pgolab.bench;

import io.pgolab.config.Variant;
import io.pgolab.measure.CampaignResult;
import io.pgolab.stats.Comparison;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.elf.ElfFunctions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The layout check (bench --layout-check): relink-1, relink-2, ... are the release code with its functions
 * linked in other orders, measured in the same rounds as the other variants. They are compared with each other,
 * not with the baseline, and what they differ by is the layout noise a PGO gain must beat (Mytkowicz et al.,
 * ASPLOS 2009). Their comparisons leave the workload's table, so they never gate.
 *
 * @param variants    the relinked variants, the first being the pair's baseline
 * @param functions   functions in the first one's symbol table (0: unknown, e.g. stripped)
 * @param moved       of those, the fewest that lie at another rank in any other relink (0 with functions &gt; 0: the
 *                    linker did not reorder)
 * @param comparisons each later relink against the first, on the workload's primary metrics
 */
public record LayoutCheck(List<String> variants, int functions, int moved, List<Comparison> comparisons) {

    /** True for the label of a relink-N subject. */
    public static boolean isRelink(String label) {
        return Variant.byName(label).map(Variant::relinked).orElse(false);
    }

    /**
     * r with the layout check of every workload, when at least two relinked variants were measured beside a baseline
     * that is not one (a bench of relinks alone is an ordinary comparison).
     */
    public static BenchResults addTo(BenchResults r, List<BuiltArtifact> built, double minEffect) {
        List<BuiltArtifact> relinks = built.stream().filter(a -> isRelink(a.variant())).toList();
        if (relinks.size() < 2 || isRelink(built.get(0).variant())) {
            return r;
        }
        List<String> labels = relinks.stream().map(BuiltArtifact::variant).toList();
        int[] order = order(relinks);
        List<BenchResults.WorkloadResult> out = new ArrayList<>();
        for (BenchResults.WorkloadResult w : r.workloads()) {
            List<Comparison> kept = w.comparisons().stream().filter(c -> !labels.contains(c.candidate())).toList();
            CampaignResult c = w.campaign();
            List<Comparison> layout = c.compare(labels.get(0), Map.of(), minEffect).stream()
                    .filter(x -> labels.contains(x.candidate()) && w.primary().contains(x.metric())).toList();
            out.add(w.withComparisons(kept).withLayout(new LayoutCheck(labels, order[0], order[1], layout)));
        }
        return r.withWorkloads(out);
    }

    /** {functions of the first, fewest moved against any other}, from the ELF symbol tables; {0, 0} when unreadable. */
    static int[] order(List<BuiltArtifact> relinks) {
        Optional<List<String>> first = ElfFunctions.inOrder(Path.of(relinks.get(0).binary()));
        if (first.isEmpty() || first.get().isEmpty()) {
            return new int[] {0, 0};
        }
        int fewest = Integer.MAX_VALUE;
        for (BuiltArtifact a : relinks.subList(1, relinks.size())) {
            Optional<List<String>> other = ElfFunctions.inOrder(Path.of(a.binary()));
            if (other.isEmpty()) {
                return new int[] {0, 0};
            }
            fewest = Math.min(fewest, ElfFunctions.moved(first.get(), other.get()));
        }
        return new int[] {first.get().size(), fewest};
    }

    /** The largest change layout alone may make to metric with 95% confidence, in percent: the farthest CI end. */
    public Optional<Double> boundPercent(String metric) {
        return comparisons.stream().filter(c -> c.metric().equals(metric))
                .map(c -> 100 * Math.max(Math.abs(c.ciLow() - 1), Math.abs(c.ciHigh() - 1)))
                .max(Double::compare);
    }

    /**
     * Whether a comparison's whole CI lies beyond what layout alone moved (true), or overlaps it (false); empty when
     * the metric has no layout comparison.
     */
    public Optional<Boolean> beyond(Comparison c) {
        return boundPercent(c.metric()).map(b -> 100 * Math.min(Math.abs(c.ciLow() - 1), Math.abs(c.ciHigh() - 1)) > b
                && (c.ciLow() > 1 || c.ciHigh() < 1));
    }

    /** The one-line description: which builds, and how many functions moved. */
    public String description() {
        String what = String.join(" vs ", variants) + ", the release code linked with its functions in "
                + (variants.size() == 2 ? "two" : variants.size()) + " seeded random orders";
        if (functions == 0) {
            return what + " (function order not readable: no symbol table)";
        }
        return what + " (" + moved + " of " + functions + " functions at another place)";
    }

    /** A problem with the check itself, or empty: the linker did not move anything. */
    public Optional<String> problem() {
        if (functions > 0 && moved == 0) {
            return Optional.of("the relinked builds place every function in the same order: the layout check measured"
                    + " one layout twice (does the build pass {ldflags} to the link?)");
        }
        return Optional.empty();
    }
}
