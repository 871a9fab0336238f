package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.Template;
import io.pgolab.toolchain.ConfigureFlags;
import io.pgolab.workload.ShellRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;

/**
 * [build] configure (clang and gcc): run before command, in the same directory, with configure-safe
 * flags ({@link ConfigureFlags}: no LTO, no profile use, no instrumentation) in {cflags}/{cxxflags}/
 * {ldflags} and, where the template does not pass them, in CFLAGS/CXXFLAGS/LDFLAGS. Its output goes to
 * .pgolab/logs/configure-NAME.log; its compiles (checks) are no part of the compile audit.
 */
final class ConfigureStep {
    private ConfigureStep() {
    }

    /**
     * The rendered configure command, run (its outcome: the command line and what it cost); a failure is a
     * {@link BuildFailure.Failed} of step "configure".
     */
    static ShellRunner.Outcome run(Config config, ShellRunner runner, String name, Map<String, String> values, Map<String, String> procEnv,
                      Path srcDir, Path logs, Path auditLog) {
        String template = config.build().configure().orElseThrow();
        Map<String, String> safeValues = new LinkedHashMap<>(values);
        Map<String, String> safeEnv = new LinkedHashMap<>(procEnv);
        for (String p : List.of("cflags", "cxxflags", "ldflags")) {
            String safe = ConfigureFlags.safe(values.getOrDefault(p, ""));
            safeValues.put(p, safe);
            String var = p.toUpperCase(Locale.ROOT);
            if (!config.build().env().containsKey(var) && safeEnv.containsKey(var)) {
                safeEnv.put(var, ConfigureFlags.safe(safeEnv.get(var)));
            }
        }
        StepEnv.Step step = StepEnv.of(template, safeEnv, config.build().env(), true);
        String command = Template.renderShell(template, safeValues);
        Path log = logs.resolve("configure-" + name + ".log");
        ShellRunner.Outcome o = runner.run(command, srcDir, step.env(), step.unset(), config.build().timeout(), log,
                OptionalInt.empty());
        if (!o.ok()) {
            UserError e = new UserError("configure of variant '" + name + "' failed: " + ShellRunner.describeFailure(o, 30),
                    "the configure step runs with the variant's flags without LTO, profile use or instrumentation"
                            + " ({cflags} = \"" + safeValues.get("cflags") + "\"); fix build.configure in " + config.file()
                            + ", or repeat it by hand from the first line of " + log);
            throw new BuildFailure.Failed(e, BuildFailure.of(name, "configure", o, e.getMessage()), null);
        }
        try {
            Files.deleteIfExists(auditLog);   // its compiles are checks, not the program's
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return o;
    }
}
