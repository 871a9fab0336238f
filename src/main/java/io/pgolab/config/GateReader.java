package io.pgolab.config;

import io.pgolab.UserError;
import io.pgolab.util.Strings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads the optional [gate] table (docs/config.md "[gate]"). */
final class GateReader {
    private static final Set<String> KEYS = Set.of("variants", "bound", "bounds", "inconclusive", "flamegraph",
            "worktrees");

    private GateReader() {
    }

    /** gate is an empty reader when the table is absent (then every default holds). */
    static GateSpec read(TableReader gate, List<Variant> projectVariants, List<WorkloadSpec> bench,
                         ConfigProblems problems) {
        gate.rejectUnknown(KEYS);
        GateSpec d = GateSpec.defaults(projectVariants);
        List<Variant> variants = new ArrayList<>();
        for (String n : gate.stringList("variants", d.variants().stream().map(Variant::name).toList())) {
            try {
                Variant v = Variant.parse(n);
                if (!variants.contains(v)) {
                    variants.add(v);
                }
            } catch (UserError e) {
                problems.add(gate.line("variants"), "gate.variants", e.getMessage(), e.hint());
            }
        }
        if (variants.isEmpty() && gate.has("variants")) {
            problems.add(gate.line("variants"), "gate.variants", "must not be empty", "variants = [\"release\", \"pgo\"]");
        }
        double bound = gate.number("bound", d.bound());
        ValueChecks.inRange(gate, "bound", "bound", bound, 0, false, ValueChecks.MAX_EFFECT_PERCENT, "percent",
                "bound = 2   (a primary metric may be at most 2% worse at the worst end of its CI)", problems);
        Map<String, Double> bounds = new LinkedHashMap<>();
        gate.numberMap("bounds").forEach((k, pct) -> {
            if (ValueChecks.inRange(gate, "bounds." + k, "bounds", pct, 0, false, ValueChecks.MAX_EFFECT_PERCENT, "percent",
                    "bounds = { " + k + " = 5 }", problems)) {
                bounds.put(k, pct);
            }
        });
        // Any [[bench]] entry's metrics, parsers and roles may be named: the bound applies wherever the metric is measured.
        List<MetricSpec> metrics = bench.stream().flatMap(w -> w.metrics().stream()).toList();
        boolean parser = bench.stream().anyMatch(w -> w.parser().isPresent());
        List<String> roles = bench.stream().flatMap(w -> w.service().filter(ServiceSpec::named).stream())
                .flatMap(sv -> sv.roles().stream()).distinct().toList();
        MetricNames.checkReferences(gate, "gate", "bounds", List.copyOf(bounds.keySet()), metrics, parser, roles, problems);
        String inconclusive = gate.optString("inconclusive").orElse(d.inconclusive());
        if (!GateSpec.INCONCLUSIVE.contains(inconclusive)) {
            problems.add(gate.line("inconclusive"), "gate.inconclusive", "unknown value '" + inconclusive + "'",
                    Strings.closest(inconclusive, GateSpec.INCONCLUSIVE).map(k -> "did you mean \"" + k + "\"? ").orElse("")
                            + "one of \"fail\" (a measure whose CI straddles its bound fails the gate) or \"pass\"");
        }
        String keepFix = "worktrees = " + GateSpec.DEFAULT_WORKTREES + "   (the most recently gated commits' worktrees kept"
                + " in .pgolab/gate/)";
        double worktrees = gate.number("worktrees", GateSpec.DEFAULT_WORKTREES, keepFix);
        if (ValueChecks.inRange(gate, "worktrees", "worktrees", worktrees, GateSpec.MIN_WORKTREES, false, 1000,
                "commits", keepFix, problems) && worktrees != Math.rint(worktrees)) {
            problems.add(gate.line("worktrees"), gate.qualified("worktrees"), "must be a whole number, found "
                    + ValueChecks.format(worktrees), keepFix);
        }
        return new GateSpec(List.copyOf(variants), bound, Map.copyOf(bounds), inconclusive, gate.bool("flamegraph", false),
                (int) Math.max(GateSpec.MIN_WORKTREES, Math.min(1000, Double.isFinite(worktrees) ? worktrees : 0)));
    }
}
