package io.pgolab.config;

import java.util.List;
import java.util.Optional;

/**
 * The optional [bolt] table: how BOLT variants are profiled and optimized.
 *
 * @param profile   "auto" (perf with branch records when the CPU has them, else instrumentation),
 *                  "instrument" (BOLT's own instrumentation) or "perf" (perf record + perf2bolt)
 * @param options   llvm-bolt optimization options; empty: pgolab's defaults
 * @param skipFuncs functions BOLT must leave alone from the start
 * @param smoke     a command ({binary} = the BOLTed binary) that must exit 0; empty: the first
 *                  training workload
 */
public record BoltSpec(String profile, List<String> options, List<String> skipFuncs, Optional<String> smoke) {
    public static final List<String> PROFILE_MODES = List.of("auto", "instrument", "perf");
    public static final BoltSpec DEFAULT = new BoltSpec("auto", List.of(), List.of(), Optional.empty());
}
