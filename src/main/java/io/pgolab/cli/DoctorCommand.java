package io.pgolab.cli;

import com.fasterxml.jackson.core.type.TypeReference;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.doctor.Doctor;
import io.pgolab.report.json.ResultsFile;
import io.pgolab.util.Json;
import io.pgolab.util.UserFile;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = {"Check what is installed and what each variant needs.",
                "Finds compilers with the profile tools of their own version, perf, valgrind and JDKs.",
                "Says which variants each toolchain can build, and the install command for anything missing.",
                "With a config, checks its toolchain and variants: exit 0 when all can be built, else 1.",
                "Without one: exit 0 when some C toolchain can build release and pgo, else 1."})
final class DoctorCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the findings as JSON. '-': stdout.")
    Path json;

    @Override
    public Integer call() {
        Path file = parent.global.configFile();
        // The default ./pgolab.toml is optional here; a config named with --config must exist and be valid.
        Optional<Config> config = Files.exists(file, LinkOption.NOFOLLOW_LINKS) || parent.global.config != null
                ? Optional.of(ConfigLoader.load(file)) : Optional.empty();
        Doctor.Report report = Doctor.examine(config, file);
        // --json - gets stdout to itself: the findings go to stderr
        (UserFile.isStdout(json) ? System.err : System.out).print(Doctor.render(report));
        if (json != null) {
            ResultsFile.writeEnvelopeOnly(UserFile.resolve(parent.global.workDir(), json), Json.MAPPER.convertValue(report,
                    new TypeReference<Map<String, Object>>() { }));
        }
        return report.exitCode();
    }
}
