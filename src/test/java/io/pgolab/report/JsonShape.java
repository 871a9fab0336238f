package io.pgolab.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeSet;

/**
 * The shape of a JSON document, measured values left out: every key path with the type of its value
 * ("workloads[].runs[].round: int"). Keys of objects that are maps of names (metrics, medians, subjects) are
 * collapsed to "*" so that two runs with other subjects or metrics have the same shape.
 */
public final class JsonShape {
    /** Objects keyed by user data (subjects, metrics, variants, tools), not by the schema. */
    private static final java.util.Set<String> MAPS = java.util.Set.of("tool_versions", "last_output_line", "metrics",
            "medians", "pgo_potential", "pgo_potential_worth", "optimized_builds", "dyno_stats");

    /**
     * Keys added to pgolab-results/1 since 0.1.0 (adding is compatible; removing or renaming is not).
     * Each must be documented in docs/results-schema.md.
     */
    static final java.util.Set<String> ADDED_SINCE_0_1_0 = java.util.Set.of("variants[].binary_sha256: string",
            "ladder.steps[].training_seconds: number", "ladder.steps[].training_seconds: null",
            "workloads[].medians.*.ctx_switches_per_op: number", "workloads[].medians.*.run_delay: number",
            "workloads[].round_noise: array", "workloads[].round_noise[]: object",
            "workloads[].round_noise[].round: int", "workloads[].round_noise[].steal_percent: number",
            "workloads[].round_noise[].steal_percent: null", "workloads[].round_noise[].iowait_percent: number",
            "workloads[].round_noise[].iowait_percent: null", "workloads[].round_noise[].load_average: number",
            "workloads[].round_noise[].phase_change: boolean",
            "method.estimator: string", "method.max_rounds: int",
            "workloads[].layout_check: object", "workloads[].layout_check.variants: array",
            "workloads[].layout_check.variants[]: string", "workloads[].layout_check.functions: int",
            "workloads[].layout_check.functions_moved: int", "workloads[].layout_check.bound_percent: object",
            "workloads[].layout_check.bound_percent.cpu_time: number", "workloads[].layout_check.comparisons: array",
            "workloads[].layout_check.comparisons[]: object",
            "host: string", "environment.hostname: string", "microbench: string", "gate.microbench: string",
            "method.jvm_threads: object", "method.jvm_threads.pinned: boolean", "method.jvm_threads.cpus: string",
            "method.jvm_threads.reason: string", "gate.base_config_borrowed: boolean",
            // the sequential rule (issue 28): each workload's planned looks, each comparison's look time
            "workloads[].looks: array", "workloads[].looks[]: object", "workloads[].looks[].round: int",
            "workloads[].looks[].alpha: number", "workloads[].comparisons[].look_seconds: number",
            "comparisons[].look_seconds: number",
            // issue 30: the CPU time of builds and the load while they ran
            "variants[].build_cpu_seconds: number", "variants[].load_avg: object",
            "variants[].load_avg.start: number", "variants[].load_avg.end: number",
            "variants[].build_steps: array", "variants[].build_steps[]: object", "variants[].build_steps[].step: string",
            "variants[].build_steps[].wall_seconds: number", "variants[].build_steps[].cpu_seconds: number",
            "pgo_extra_build_cpu_seconds: number", "ladder.steps[].build_cpu_seconds: number",
            "ladder.steps[].pipeline_cpu_seconds: number",
            // issue 37: a loss is never silent
            "losses: array", "losses[]: object", "losses[].variant: string", "losses[].baseline: string",
            "losses[].workload: string", "losses[].metric: string", "losses[].unit: string",
            "losses[].direction: string", "losses[].change_percent: number", "losses[].ci_low_percent: number",
            "losses[].ci_high_percent: number", "losses[].cold_share: number", "losses[].cold_functions: array",
            "losses[].cold_functions[]: string", "losses[].cold_never_ran: boolean", "losses[].guard: boolean",
            "losses[].cause: string", "losses[].unknown: string", "losses[].fix: string",
            // issue 38: each warning's kind beside its sentence
            "workloads[].warning_kinds: array", "workloads[].warning_kinds[]: string");

    /**
     * Keys renamed since 0.1.0, old to new: a file of this version has the new name, and the readers take the old one
     * too (@JsonAlias). Each is documented in docs/results-schema.md.
     */
    static final Map<String, String> RENAMED_SINCE_0_1_0 = Map.of(
            "method.budget_seconds: number", "method.max_time_seconds: number"); // issue 38: one name for the cap

    private JsonShape() {
    }

    /**
     * A results file of this version still has every key (path and type) of the one 0.1.0 wrote, and
     * nothing else but the documented additions.
     */
    public static void assertCompatible(JsonNode run, String previous) throws java.io.IOException {
        TreeSet<String> now = ofRun(run);
        TreeSet<String> old = new TreeSet<>();
        for (String k : ofPreviousVersion(previous)) {
            String bench = k.startsWith("bench.") ? "bench." : "";
            old.add(bench + RENAMED_SINCE_0_1_0.getOrDefault(k.substring(bench.length()), k.substring(bench.length())));
        }
        org.assertj.core.api.Assertions.assertThat(now).as("keys of %s", previous).containsAll(old);
        TreeSet<String> added = new TreeSet<>(now);
        added.removeAll(old);
        // A ladder nests the bench's keys under "bench.": the same additions, one level down.
        added.removeIf(k -> ADDED_SINCE_0_1_0.contains(k.startsWith("bench.") ? k.substring("bench.".length()) : k));
        org.assertj.core.api.Assertions.assertThat(added).as("undocumented new keys (add them to ADDED_SINCE_0_1_0 and"
                + " docs/results-schema.md)").isEmpty();
    }

    /**
     * Every key of run under prefix (an addition made after 0.1.0, e.g. "workloads[].layout_check") is a documented
     * addition; a layout comparison has the keys of comparisons[], which 0.1.0 documented.
     */
    public static void assertAdditionsDocumented(JsonNode run, String prefix) {
        TreeSet<String> keys = ofRun(run);
        keys.removeIf(k -> !k.startsWith(prefix) || k.startsWith(prefix + ".comparisons[]."));
        org.assertj.core.api.Assertions.assertThat(keys).isNotEmpty();
        org.assertj.core.api.Assertions.assertThat(ADDED_SINCE_0_1_0).as("documented additions").containsAll(keys);
    }

    /** The shape without what depends on the run: the items of warnings and dropped lists (empty or not). */
    public static TreeSet<String> ofRun(JsonNode n) {
        TreeSet<String> s = of(n);
        s.removeIf(p -> p.contains("warnings[]") || p.contains("dropped[]"));
        return s;
    }

    /** The shape of a results file pgolab 0.1.0 wrote, from src/test/resources/results. */
    public static TreeSet<String> ofPreviousVersion(String name) throws java.io.IOException {
        return ofRun(io.pgolab.util.Json.MAPPER.readTree(java.nio.file.Path.of("src/test/resources/results", name).toFile()));
    }

    public static TreeSet<String> of(JsonNode n) {
        TreeSet<String> out = new TreeSet<>();
        walk("", n, false, out);
        return out;
    }

    private static void walk(String path, JsonNode n, boolean map, TreeSet<String> out) {
        if (n.isObject()) {
            out.add(path + ": object");
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String key = map ? "*" : e.getKey();
                walk(path + (path.isEmpty() ? "" : ".") + key, e.getValue(), MAPS.contains(e.getKey()) && !map, out);
            }
        } else if (n.isArray()) {
            out.add(path + ": array");
            n.forEach(x -> walk(path + "[]", x, false, out));
        } else {
            out.add(path + ": " + type(n));
        }
    }

    private static String type(JsonNode n) {
        if (n.isIntegralNumber()) {
            return "int";
        }
        if (n.isNumber()) {
            return "number";
        }
        return n.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    }
}
