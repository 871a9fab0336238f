package io.pgolab.pipeline;

import io.pgolab.config.Template;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The environment of one build step (clean, configure, command) of a C or C++ build. The variant's
 * flags reach each compile once: CFLAGS, CXXFLAGS and LDFLAGS are exported to a step only when its
 * template does not pass them itself ({cflags}, {cxxflags}, {ldflags}), since a Makefile that reads
 * $(CFLAGS) would get the exported value as well as the one on its command line. The same names
 * exported by the user's shell are unset for the step, unless build.env gives them: the build key
 * does not cover the shell.
 */
final class StepEnv {
    static final List<String> FLAG_VARS = List.of("CFLAGS", "CXXFLAGS", "LDFLAGS");
    /** Variables a build reads that pgolab may leave alone: from the shell, the build key would not cover them. */
    static final List<String> BUILD_AFFECTING = List.of("CC", "CXX", "CPP", "CFLAGS", "CXXFLAGS", "CPPFLAGS", "LDFLAGS",
            "LIBS", "RUSTFLAGS", "GOFLAGS", "MAKEFLAGS", "CONFIG_SITE");

    /** env: the variables set for the step; unset: the names removed from pgolab's own environment. */
    record Step(Map<String, String> env, List<String> unset) {
    }

    private StepEnv() {
    }

    /**
     * The step's environment from the build's (procEnv, which has build.env last). cCompiler false
     * (cargo, go): unchanged; their build tools do not take {cflags}.
     */
    static Step of(String template, Map<String, String> procEnv, Map<String, String> userEnv, boolean cCompiler) {
        Map<String, String> env = new LinkedHashMap<>(procEnv);
        List<String> unset = new ArrayList<>();
        if (!cCompiler) {
            return new Step(env, unset);
        }
        List<String> used = Template.placeholders(template);
        for (String var : FLAG_VARS) {
            if (userEnv.containsKey(var)) {
                continue;
            }
            if (used.contains(var.toLowerCase(Locale.ROOT))) {
                env.remove(var);
            }
            if (!env.containsKey(var)) {
                unset.add(var);
            }
        }
        return new Step(env, unset);
    }

    /**
     * The build-affecting variables the shell exports that reach the step as they are: not set by pgolab
     * or build.env, not unset. Sorted.
     */
    static List<String> uncovered(Map<String, String> shell, Step step) {
        TreeSet<String> out = new TreeSet<>();
        for (String name : shell.keySet()) {
            if ((BUILD_AFFECTING.contains(name) || name.startsWith("ac_cv_")) && !step.env().containsKey(name)
                    && !step.unset().contains(name)) {
                out.add(name);
            }
        }
        return List.copyOf(out);
    }

    /** The warning for uncovered variables. */
    static String warning(String build, List<String> names, Path configFile) {
        return "build " + build + ": your shell exports " + String.join(", ", names) + ", which the build reads but its"
                + " key does not cover (a change to them would not rebuild, and the record does not show them): put"
                + " them in [build] env in " + configFile + " (e.g. env = { " + names.get(0) + " = \"...\" }), or unset them";
    }
}
