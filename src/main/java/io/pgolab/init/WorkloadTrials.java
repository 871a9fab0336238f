package io.pgolab.init;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.Durations;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.process.LoaderFailure;
import io.pgolab.workload.ServiceRun;
import io.pgolab.workload.ShellRunner;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Each [[train]] and [[bench]] workload run once against the check's release build, with its own timeout. */
final class WorkloadTrials {
    /** One workload's run: section is "train" or "bench", index its place among them (for its lines in the file). */
    record Trial(String section, int index, WorkloadSpec workload, boolean ok, double seconds, String why) {
        String describe() {
            String head = "[[" + section + "]] " + workload.name() + ": ";
            return ok ? head + "ok, took " + secondsText(seconds) : head + "failed, " + why;
        }
    }

    private WorkloadTrials() {
    }

    /** Runs every workload of config once against binary; logs go to logDir. */
    static List<Trial> run(Config config, String binary, ShellRunner runner, Path logDir) {
        List<Trial> out = new ArrayList<>();
        for (int i = 0; i < config.train().size(); i++) {
            out.add(one("train", i, config.train().get(i), config, binary, runner, logDir));
        }
        for (int i = 0; i < config.bench().size(); i++) {
            out.add(one("bench", i, config.bench().get(i), config, binary, runner, logDir));
        }
        return out;
    }

    private static Trial one(String section, int index, WorkloadSpec w, Config config, String binary, ShellRunner runner,
                             Path logDir) {
        long t0 = System.nanoTime();
        if (w.isService()) {
            try {
                ServiceRun.run(ServiceRun.Request.of(config, section + "-" + w.name(), w.service().orElseThrow(), binary,
                        w.env(), logDir, w.timeout()), runner);
                return new Trial(section, index, w, true, since(t0), "");
            } catch (UserError e) {
                return new Trial(section, index, w, false, since(t0), e.getMessage());
            }
        }
        String command = config.render(w.command(), binary, 0);
        ShellRunner.Outcome o = runner.run(command, config.configDir(), Map.copyOf(w.env()), w.timeout(),
                logDir.resolve(section + "-" + w.name() + ".log"));
        if (o.ok()) {
            return new Trial(section, index, w, true, o.measurement().wallSeconds(), "");
        }
        String why = o.measurement().timedOut() ? "did not finish within its timeout of " + Durations.format(w.timeout())
                : ShellRunner.describeFailure(o, 8) + LoaderFailure.hint(o.output()).map(h -> "\n    hint: " + h).orElse("");
        return new Trial(section, index, w, false, o.measurement().wallSeconds(), why);
    }

    private static double since(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }

    static String secondsText(double s) {
        return s < 10 ? String.format("%.1fs", s) : Durations.format(Duration.ofSeconds(Math.round(s)));
    }
}
