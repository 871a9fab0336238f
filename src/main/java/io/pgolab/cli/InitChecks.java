package io.pgolab.cli;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.init.CheckRule;
import io.pgolab.init.InitCheck;
import io.pgolab.init.SizedDefaults;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.ProjectLock;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.toolchain.detect.Toolchains;
import io.pgolab.util.UserFile;
import io.pgolab.workload.ShellRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * init's check, for InitCommand: runs {@link InitCheck} on a config file under the project's lock, prints what it
 * found, and (for a config init has just written) writes the sized timeouts into it.
 */
final class InitChecks {
    private InitChecks() {
    }

    static void options(boolean check, boolean noCheck) {
        if (check && noCheck) {
            throw new UserError("--check and --no-check contradict each other", "pass one of them");
        }
    }

    /**
     * After init wrote file: the check when asked (exit 0 ready, 1 not), else when the rule finds it cheap. Unasked,
     * the check only informs: init wrote its file, so it exits 0, and a check that cannot run is a warning.
     */
    static int afterInit(Path file, Path dir, boolean check, boolean noCheck, GlobalOptions g) {
        if (check) {
            return run(file, true, g) ? 0 : 1;
        }
        if (wanted(noCheck, dir)) {
            try {
                run(file, true, g);
            } catch (UserError e) {
                System.err.println("warning: the check did not run: " + e.getMessage() + (e.hint().isEmpty() ? ""
                        : " (" + e.hint() + ")") + "; the config is written: run 'pgolab init --check' when it can");
            }
        }
        return 0;
    }

    /** Whether init, not asked for --check, runs it: not --no-check, and the rule's "cheap"; says which. */
    static boolean wanted(boolean noCheck, Path dir) {
        if (noCheck) {
            return false;
        }
        CheckRule.Decision d = CheckRule.decide(dir, System.console() != null);
        System.out.println(d.check() ? "checking the config: " + d.why() + " (--no-check skips this)"
                : "not checking the config (" + d.why() + "): run 'pgolab init --check' to build it once and run its workloads");
        return d.check();
    }

    /**
     * Checks file; writeSized: write the measured timeouts into it (a config init wrote just now). Returns whether
     * the config is ready.
     */
    static boolean run(Path file, boolean writeSized, GlobalOptions g) {
        Config config = ConfigLoader.load(file);
        Path dir = InitCheck.dirFor(file);
        try (ProjectLock lock = ProjectLock.acquire(ArtifactStore.forConfig(file).lockFile())) {
            Toolchain toolchain = Toolchains.detect(config, InitCheck.store(dir, "release").scratch(),
                    Session.commandLog(g));
            String text = read(file);
            InitCheck.Report r = new InitCheck(config, toolchain, new ShellRunner(Session.commandLog(g)),
                    new Console(System.err), dir).run(text);
            r.lines().forEach(l -> System.out.println("  " + l));
            if (writeSized && !r.edits().isEmpty()) {
                String edited = r.editedText(text);
                ConfigLoader.parse(file.toAbsolutePath().normalize(), edited);   // never write what does not load
                UserFile.write(file, edited);
                System.out.println("  wrote into " + file + ": " + String.join(", ",
                        r.edits().stream().map(SizedDefaults.Edit::summary).toList()));
                r = r.written();
            }
            r.verdict().forEach(System.out::println);
            System.out.println("(the check took " + Math.round(r.seconds()) + " s; its logs are in " + dir + ")");
            return r.ready();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
