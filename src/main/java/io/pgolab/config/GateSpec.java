package io.pgolab.config;

import java.util.List;
import java.util.Map;

/**
 * The optional [gate] table: what {@code pgolab gate} compares between two commits and how far each measure may move.
 *
 * @param variants     the variants built and compared for both commits (base release against candidate release, ...)
 * @param bound        percent a primary metric may get worse at the worst end of its 95% CI before it is out of bounds
 * @param bounds       percent per metric name, for metrics beside the primary ones (or another bound for a primary one)
 * @param inconclusive what a measure whose CI straddles its bound does: "fail" (the gate fails) or "pass"
 * @param flamegraph   record a flamegraph of every variant of both commits after the measurements (HTML report)
 * @param worktrees    how many commits' worktrees .pgolab/gate/ keeps (the most recently gated; each holds its builds)
 */
public record GateSpec(List<Variant> variants, double bound, Map<String, Double> bounds, String inconclusive,
                       boolean flamegraph, int worktrees) {
    public GateSpec(List<Variant> variants, double bound, Map<String, Double> bounds, String inconclusive) {
        this(variants, bound, bounds, inconclusive, false);
    }

    public GateSpec(List<Variant> variants, double bound, Map<String, Double> bounds, String inconclusive,
                    boolean flamegraph) {
        this(variants, bound, bounds, inconclusive, flamegraph, DEFAULT_WORKTREES);
    }

    /** Two gates' commits: the next gate against a recent base reuses its builds and profile. */
    public static final int DEFAULT_WORKTREES = 4;
    /** A gate uses two worktrees at once (one when base and candidate are the same commit). */
    public static final int MIN_WORKTREES = 2;

    public static final double DEFAULT_BOUND = 2.0;
    public static final List<String> INCONCLUSIVE = List.of("fail", "pass");

    /** No [gate] table: release and, when the project has it, pgo; 2% on the primary metrics; inconclusive fails. */
    public static GateSpec defaults(List<Variant> projectVariants) {
        List<Variant> vs = projectVariants.stream().filter(v -> v.name().equals("release") || v.name().equals("pgo"))
                .toList();
        return new GateSpec(vs.isEmpty() ? List.of(projectVariants.get(0)) : vs, DEFAULT_BOUND, Map.of(), "fail");
    }
}
