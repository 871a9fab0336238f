package io.pgolab.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * pgolab's subcommands, built only when a command line needs them: picocli builds a command's model by
 * reflection over all its options, which cost most of pgolab's start-up when every command was built
 * on every start (docs/architecture.md, "Start-up").
 */
final class Commands {
    /** In the order 'pgolab --help' lists them. */
    static final Map<String, Supplier<Object>> ALL = new LinkedHashMap<>();

    static {
        ALL.put("demo", DemoCommand::new);
        ALL.put("init", InitCommand::new);
        ALL.put("doctor", DoctorCommand::new);
        ALL.put("build", BuildCommand::new);
        ALL.put("bench", BenchCommand::new);
        ALL.put("ladder", LadderCommand::new);
        ALL.put("compare", CompareCommand::new);
        ALL.put("gate", GateCommand::new);
        ALL.put("merge", MergeCommand::new);
        ALL.put("report", ReportCommand::new);
        ALL.put("train", TrainCommand::new);
        ALL.put("profile", ProfileCommand::new);
        // A lambda, not CommandLine.HelpCommand::new: the JDK 25 AOT cache cannot archive a method reference to a class
        // of old bytecode like picocli's, and the cache-making JVM crashes (docs/troubleshooting.md).
        ALL.put("help", () -> new CommandLine.HelpCommand());
    }

    private Commands() {
    }

    /** Registers the subcommands named. */
    static void register(CommandLine root, Set<String> names) {
        ALL.forEach((name, make) -> {
            if (names.contains(name)) {
                root.addSubcommand(name, make.get());
            }
        });
        CommandLine profile = root.getSubcommands().get("profile");
        if (profile != null) {
            // Subcommands of subcommands are wired here, so that no command class names another.
            profile.addSubcommand(new ProfileExportCommand());
            profile.addSubcommand(new ProfileKeyCommand());
        }
    }

    /**
     * The subcommands that parsing args needs: the one args run (their first word that is neither an option nor
     * an option's value); none for '--version' without '--help'; all when no word names one (the usage lists them,
     * picocli's error suggests them) and for 'help'.
     */
    static Set<String> needed(CommandSpec root, String... args) {
        boolean version = false;
        boolean usage = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                return ALL.keySet();
            }
            if (a.startsWith("-")) {
                OptionSpec o = a.contains("=") ? null : root.findOption(a);
                if (o != null && o.arity().min() > 0) {
                    i++;
                }
                version |= o != null && o.versionHelp();
                usage |= o != null && o.usageHelp();
                continue;
            }
            return ALL.containsKey(a) && !a.equals("help") ? Set.of(a) : ALL.keySet();
        }
        return version && !usage ? Set.of() : ALL.keySet();
    }
}
