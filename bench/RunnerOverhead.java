import io.pgolab.process.CommandMeasurer;
import io.pgolab.process.MeasuredCommand;
import io.pgolab.process.RunnerBinary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * pgolab's cost per measured run at the process layer alone (no campaign): REPS x 200 runs of
 * `bash -c true` through CommandMeasurer.run, pinned to CPU 0, output to files as a campaign does;
 * wall time around the calls minus the runner-reported wall of the runs, per run.
 * usage: java -cp target/launch/pgolab.jar bench/RunnerOverhead.java [REPS]  (PGOLAB_RUNNER_SERVER=0: old path)
 */
public class RunnerOverhead {
    public static void main(String[] args) throws Exception {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        CommandMeasurer m = new CommandMeasurer(RunnerBinary.ensure());
        Path d = Files.createTempDirectory("pgolab-overhead");
        MeasuredCommand c = new MeasuredCommand(List.of("bash", "-c", "true"), d, Map.of(), OptionalInt.of(0),
                Duration.ZERO, d.resolve("stdout"), d.resolve("stderr"));
        String mode = "0".equals(System.getenv("PGOLAB_RUNNER_SERVER")) ? "runner per run   " : "long-lived runner";
        for (int rep = 1; rep <= reps; rep++) {
            int n = 200;
            double own = 0;
            long t0 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                own += m.run(c).wallSeconds();
            }
            double total = (System.nanoTime() - t0) / 1e9;
            System.out.printf("process layer #%d %s: %d runs in %.3f s, their own wall %.3f s -> %.2f ms per run%n",
                    rep, mode, n, total, own, (total - own) / n * 1000);
        }
    }
}
