package io.pgolab.cli;

import io.pgolab.measure.HostInfo;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** Options every subcommand accepts. */
public final class GlobalOptions {
    @Option(names = "--config", paramLabel = "FILE", description = "Config file (default: ./pgolab.toml).",
            scope = CommandLine.ScopeType.INHERIT)
    Path config;

    @Option(names = "-C", paramLabel = "DIR", description = "Run as if pgolab was started in DIR.",
            scope = CommandLine.ScopeType.INHERIT)
    Path directory;

    @Option(names = {"-v", "--verbose"}, description = "Print every external command exactly as it is run.",
            scope = CommandLine.ScopeType.INHERIT)
    boolean verbose;

    @Option(names = "--debug", description = "Show stack traces for internal errors.",
            scope = CommandLine.ScopeType.INHERIT)
    boolean debug;

    @Option(names = "--host-label", paramLabel = "LABEL", scope = CommandLine.ScopeType.INHERIT,
            description = "What results name this machine by (default: its CPU model and hostname).")
    void hostLabel(String label) {
        HostInfo.useLabel(label);
    }

    Path workDir() {
        Path cwd = Path.of("").toAbsolutePath();
        return directory == null ? cwd : cwd.resolve(directory).normalize();
    }

    Path configFile() {
        return config == null ? workDir().resolve("pgolab.toml") : workDir().resolve(config).normalize();
    }
}
