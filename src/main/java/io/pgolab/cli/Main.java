package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.measure.HostInfo;
import io.pgolab.process.LeftRunning;
import io.pgolab.process.RunningCommand;
import io.pgolab.util.DiskFull;
import io.pgolab.util.Timings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine;

/** Entry point: parses the command line, runs a subcommand, turns errors into messages. */
@Command(name = "pgolab", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Profile-guided optimization, LTO and BOLT as one command, measured honestly.", ""},
        footer = {"", "Start with 'pgolab demo', or 'pgolab init' in your project. Docs: docs/config.md"})
public final class Main implements Runnable {
    @Mixin
    GlobalOptions global;

    @Override
    public void run() {
        commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        Timings.started();
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V")) && !AotTraining.on()) {
            // What picocli would print, without building its model of the command line by reflection first:
            // half of this command's CPU time (docs/architecture.md, Start-up).
            System.out.println(new Version().getVersion()[0]);
            System.exit(0);
        }
        int rc = run(args);
        Timings.mark("command done");
        if (AotTraining.on()) {
            AotTraining.run();
        }
        System.exit(rc);
    }

    public static int run(String... args) {
        HostInfo.useLabel(null); // --host-label sets it for this run only (tests run many in one JVM)
        CommandLine cl = new CommandLine(new Main());
        Set<String> needed = Commands.needed(cl.getCommandSpec(), args);
        Commands.register(cl, needed);
        cl.setExecutionExceptionHandler(Main::handle);
        if (needed.size() < Commands.ALL.size()) {
            // Should the guess of the subcommand be wrong (a clustered option took the next word as its
            // value), the command line is parsed again with every subcommand: picocli says what is wrong.
            CommandLine.IParameterExceptionHandler parseError = cl.getParameterExceptionHandler();
            cl.setParameterExceptionHandler((e, a) -> {
                CommandLine all = commandLine();
                all.setExecutionExceptionHandler(Main::handle);
                all.setParameterExceptionHandler(parseError);
                return all.execute(a);
            });
        }
        LeftRunning.listen(w -> System.err.println("warning: " + w));
        RunningCommand.begin();
        Timings.mark("command line set up");
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            // everything the command held is unreachable now: there is room to say so, without a stack trace
            long mb = Runtime.getRuntime().maxMemory() >> 20;
            cl.getErr().println("error: pgolab ran out of memory (its Java heap is at most " + mb + " MB)");
            cl.getErr().println("hint: give it a larger heap, e.g. JAVA_TOOL_OPTIONS=-Xmx" + Math.max(1, mb * 4 >> 10)
                    + "g; but first look at what this command read: an input this large (a results file, a suite's"
                    + " output, a project file) is most likely not one it was meant to read");
            return 2;
        } finally {
            cl.getErr().flush();
            RunningCommand.end();
        }
    }

    /** pgolab's command line with every subcommand. */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        Commands.register(cl, Commands.ALL.keySet());
        return cl;
    }

    private static int handle(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        boolean debug = parsed.hasMatchedOption("--debug")
                || parsed.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--debug"));
        PrintWriter err = cl.getErr();
        Throwable t = e;
        while (t instanceof UncheckedIOException && t.getCause() != null && !(t instanceof UserError)) {
            t = t.getCause();
        }
        Throwable first = e;
        if (!(e instanceof UserError) && DiskFull.is(e)) {
            e = diskFull(t);
        }
        if (e instanceof UserError u) {
            printUserError(err, "error: ", u);
            later(err, first);
            if (debug) {
                e.printStackTrace(err);
            }
            err.flush();
            return 2;
        }
        if (t instanceof IOException io) {
            err.println("error: I/O failure: " + io.getMessage());
        } else {
            err.println("internal error: " + e + " (this is a bug in pgolab; run again with --debug for details)");
        }
        later(err, first);
        if (debug) {
            e.printStackTrace(err);
        }
        err.flush();
        return 3;
    }

    /**
     * The errors that came after e (a teardown or cleanup that failed once e had happened, attached
     * to it as suppressed), each below it: reported after the first error, never instead of it.
     */
    private static void later(PrintWriter err, Throwable e) {
        String prefix = "error (after the one above): ";
        for (Throwable s : e.getSuppressed()) {
            if (s instanceof UserError u) {
                printUserError(err, prefix, u);
            } else {
                err.println(prefix + "internal error: " + s + " (this is a bug in pgolab; run again with --debug for details)");
            }
        }
    }

    private static void printUserError(PrintWriter err, String prefix, UserError u) {
        err.println(prefix + u.getMessage());
        if (!u.hint().isEmpty()) {
            err.println("hint: " + u.hint());
        }
    }

    /** A full disk reported without pgolab's own message: name the file when the exception knows it. */
    static UserError diskFull(Throwable t) {
        if (t instanceof FileSystemException f && f.getFile() != null) {
            return DiskFull.error(Path.of(f.getFile()), 0, t);
        }
        return new UserError("no space left on device: " + t.getMessage() + " (in the project's .pgolab directory or in "
                + System.getProperty("java.io.tmpdir") + ", " + DiskFull.freeSpace(Path.of(
                        System.getProperty("java.io.tmpdir"))) + ")",
                "free space on those filesystems, or move the project (its .pgolab directory holds the builds, profiles"
                        + " and logs) to a larger disk", t);
    }

    /** The global options of the command line a (nested) command runs in. */
    static GlobalOptions global(CommandLine.Model.CommandSpec spec) {
        return ((Main) spec.root().userObject()).global;
    }

    /** Version from the jar manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"pgolab " + version()};
        }
    }

    public static String version() {
        return io.pgolab.Version.get();
    }
}
