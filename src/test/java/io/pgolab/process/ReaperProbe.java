package io.pgolab.process;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Child-JVM helper for {@link CommandMeasurerTest}: measures {@code argv[1..]} with runner {@code argv[0]}. */
public final class ReaperProbe {
    private ReaperProbe() {
    }

    public static void main(String[] args) throws Exception {
        CommandMeasurer m = new CommandMeasurer(Path.of(args[0]), Duration.ofSeconds(2));
        List<String> argv = List.of(args).subList(1, args.length);
        System.out.println(m.run(MeasuredCommand.of(argv, null, null, null)));
    }
}
