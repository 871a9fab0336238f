package io.pgolab.config;

import io.pgolab.parse.Parsers;
import io.pgolab.parse.SuiteResults;
import io.pgolab.util.Strings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The names config checks metric and parser names against. The parsers' are parse's own; config may not import
 * measure, so the metrics' lists live here, and BuiltInNamesTest (in measure) keeps them equal to MetricInfo.builtIn()
 * and the probes' metrics.
 */
public final class MetricNames {
    /** The metrics every run has (MetricInfo.builtIn()), in report order. */
    public static final List<String> BUILT_IN = List.of("cpu_time", "wall_time", "user_time", "sys_time", "max_rss",
            "voluntary_ctx_switches", "involuntary_ctx_switches", "minor_faults", "major_faults");
    /**
     * Metrics of the probes, present when the machine has them: perf hardware counters
     * (PerfEvents.HARDWARE) and, with --deterministic, valgrind's (CachegrindProbe).
     */
    public static final List<String> PROBES = List.of("instructions", "cycles", "branch_misses", "l1_icache_misses",
            "itlb_misses", "det.instructions", "det.est_cycles", "det.i1_misses", "det.d1_misses", "det.ll_misses",
            "det.branches", "det.branch_mispredicts");
    /** Per-operation figures, derived when a run reports 'operations' (by a parser or a [[bench.metric]]). */
    public static final List<String> PER_OP = List.of("cpu_time_per_op", "ctx_switches_per_op", "instructions_per_op",
            "det.instructions_per_op");
    /** What every role of a workload that names its roles reports, as ROLE.NAME (its whole process tree). */
    public static final List<String> ROLE_BUILT_IN = List.of("cpu_time", "user_time", "sys_time", "max_rss",
            "voluntary_ctx_switches", "involuntary_ctx_switches", "ctx_switches");
    /** What a service workload reports besides the built-in metrics (MetricInfo.READY_TIME). */
    public static final List<String> SERVICE_BUILT_IN = List.of("ready_time");
    /**
     * What a command workload reports when it is a primary metric (MetricInfo.FIRST_OUTPUT_TIME): the runner then
     * watches the command's stdout for its first write.
     */
    public static final List<String> COMMAND_ON_REQUEST = List.of("first_output_time");
    /** A role's per-operation figures, as ROLE.NAME, when a run reports 'operations'. */
    public static final List<String> ROLE_PER_OP = List.of("cpu_time_per_op", "ctx_switches_per_op");
    /** The built-in output parsers. */
    public static final List<String> PARSERS = Parsers.names();
    /** Other spellings Parsers.byName accepts. */
    public static final Map<String, String> PARSER_ALIASES = Parsers.aliases();
    /** The prefix of a microbenchmark suite's benchmarks. */
    public static final String SUITE_PREFIX = SuiteResults.PREFIX;
    /** Names of the extractors behind [[bench.metric]]: not parsers a [[bench]] can name. */
    private static final Set<String> EXTRACTORS = Set.of("regex", "json");

    private MetricNames() {
    }

    /** A [[bench]] parser name: a built-in parser or an alias of one (any case). */
    static void checkParser(TableReader r, String prefix, ConfigProblems problems) {
        r.optString("parser").ifPresent(p -> {
            String key = p.trim();
            String k = PARSER_ALIASES.getOrDefault(key, key).toLowerCase(Locale.ROOT);
            if (PARSERS.contains(k)) {
                return;
            }
            if (EXTRACTORS.contains(k)) {
                problems.add(r.line("parser"), prefix + ".parser", "'" + key + "' is not a built-in parser",
                        "leave parser out and describe each figure with [[bench.metric]] (name, regex or json_pointer,"
                                + " unit, direction); built-in parsers: " + String.join(", ", PARSERS));
                return;
            }
            problems.add(r.line("parser"), prefix + ".parser", "unknown parser '" + key + "'",
                    Strings.closest(key, PARSERS).map(c -> "did you mean '" + c + "'? ").orElse("") + "known parsers: "
                            + String.join(", ", PARSERS) + "; for other tools, describe each figure with [[bench.metric]]");
        });
    }

    /**
     * Metric names a [[bench]] refers to (min_effect, primary) must be measured: built in or a
     * [[bench.metric]] of the entry. With a parser its outputs are known only when it runs, so
     * there only names one typo away from a built-in metric are refused.
     */
    static void checkReferences(TableReader r, String prefix, String key, List<String> names, List<MetricSpec> metrics,
                                boolean hasParser, List<String> roles, ConfigProblems problems) {
        List<String> known = new ArrayList<>(BUILT_IN);
        known.addAll(PROBES);
        known.addAll(SERVICE_BUILT_IN);   // measured for service workloads only
        known.addAll(COMMAND_ON_REQUEST); // measured for command workloads that name it as primary
        metrics.forEach(m -> known.add(m.name()));
        boolean perOp = hasParser || metrics.stream().anyMatch(m -> m.name().equals("operations"));
        if (perOp) {
            known.addAll(PER_OP);
        }
        for (String role : roles) {
            ROLE_BUILT_IN.forEach(m -> known.add(role + "." + m));
            if (perOp) {
                ROLE_PER_OP.forEach(m -> known.add(role + "." + m));
            }
        }
        for (String n : names) {
            if (known.contains(n)) {
                continue;
            }
            var guess = Strings.closest(n, known);
            if (hasParser && guess.isEmpty()) {
                continue;
            }
            problems.add(r.line(key), prefix + "." + key, "unknown metric '" + n + "'",
                    guess.map(g -> "did you mean '" + g + "'? ").orElse("") + "metrics here: " + String.join(", ", known)
                            + (hasParser ? ", and the parser's" : "; add a [[bench.metric]] or a parser that reports it"));
        }
    }

    /** A [[bench.metric]] name: not empty, not a built-in metric (it would replace the measured one), not twice. */
    static void checkDefinition(TableReader r, String name, List<MetricSpec> earlier, ConfigProblems problems) {
        if (name.isBlank()) {
            if (r.has("name")) {
                problems.add(r.line("name"), r.qualified("name"), "must not be empty", "name = \"rps\"");
            }
        } else if (BUILT_IN.contains(name)) {
            problems.add(r.line("name"), r.qualified("name"), "'" + name + "' is a built-in metric, measured by pgolab for every"
                    + " run; a parsed value would silently replace it", "give the parsed figure its own name, e.g. name = \"tool_"
                    + name + "\"");
        } else if (name.startsWith(SUITE_PREFIX)) {
            problems.add(r.line("name"), r.qualified("name"), "'" + name + "' starts with '" + SUITE_PREFIX + "', which names"
                    + " the benchmarks of a microbenchmark suite (each one gated)", "give the figure another name, e.g."
                    + " name = \"" + name.substring(SUITE_PREFIX.length()).replace('.', '_') + "\"");
        } else if (earlier.stream().anyMatch(m -> m.name().equals(name))) {
            problems.add(r.line("name"), r.qualified("name"), "duplicate metric '" + name + "'",
                    "give every [[bench.metric]] of this [[bench]] its own name");
        }
    }
}
