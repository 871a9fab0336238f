package io.pgolab.cli;

import io.pgolab.bench.BenchContext;
import io.pgolab.bench.BenchEngine;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.pipeline.Pipeline;
import io.pgolab.report.Results;
import io.pgolab.store.ArtifactStore;
import io.pgolab.store.ProjectLock;
import io.pgolab.store.StaleTemps;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.toolchain.detect.Toolchains;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Timings;
import io.pgolab.workload.ShellRunner;

/** Everything a command needs for one project: config, toolchain, store, lock. */
final class Session implements AutoCloseable {
    final Config config;
    final CommandLog log;
    final ArtifactStore store;
    final Toolchain toolchain;
    final Console console;
    final ShellRunner runner;
    private final ProjectLock lock;

    private Session(Config config, CommandLog log, Console console) {
        this.config = config;
        this.log = log;
        this.console = console;
        this.store = ArtifactStore.forConfig(config.file());
        this.lock = ProjectLock.acquire(store.lockFile());
        StaleTemps.sweep(store); // leftovers of a pgolab that was SIGKILLed
        Timings.mark("store, lock, stale temporaries");
        this.toolchain = Toolchains.detect(config, store.scratch(), log);
        Timings.mark("toolchain detection");
        this.runner = new ShellRunner(log);
    }

    static Session open(GlobalOptions g) {
        Timings.mark("command line parsed");
        Config config = ConfigLoader.load(g.configFile());
        Timings.mark("config load");
        return open(config, g);
    }

    static Session open(Config config, GlobalOptions g) {
        return new Session(config, commandLog(g), new Console(System.err));
    }

    static CommandLog commandLog(GlobalOptions g) {
        return new CommandLog(g.verbose ? line -> System.err.println("+ " + line) : line -> { });
    }

    BenchContext bench() {
        return new BenchContext(config, toolchain, store, runner, log, console);
    }

    BenchEngine engine(MeasureOptions opts, String scratch) {
        return new BenchEngine(opts.benchOptions(), log, store.runs().resolve(scratch), new TerminalBenchListener(System.err));
    }

    /** Where results come from, for the results files' envelope. */
    Results.Source source() {
        return new Results.Source(config, toolchain, log);
    }

    Pipeline pipeline() {
        return new Pipeline(config, toolchain, store, runner, console);
    }

    @Override
    public void close() {
        lock.close();
    }
}
