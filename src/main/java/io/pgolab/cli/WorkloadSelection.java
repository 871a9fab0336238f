package io.pgolab.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** bench's, ladder's and gate's --workload: which [[bench]] entries to run (all of them without it). */
final class WorkloadSelection {
    @Option(names = "--workload", paramLabel = "NAME",
            description = {"Run only this [[bench]] workload (repeatable; default: every one).",
                    "A name that is not in pgolab.toml is an error that suggests the closest one."})
    List<String> names = new ArrayList<>();
}
