package io.pgolab.init;

import io.pgolab.UserError;
import io.pgolab.audit.OptLevels;
import io.pgolab.config.Config;
import io.pgolab.pipeline.BuildFailure;
import io.pgolab.store.ArtifactStore;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.toolchain.elf.ElfKind;
import io.pgolab.toolchain.jvm.JvmToolchain;
import io.pgolab.util.Events;
import io.pgolab.workload.ShellRunner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * 'pgolab init --check': builds release once as 'pgolab build release' does, in a store of its own
 * (.pgolab/init-check/), lists what it made, checks build.artifact, runs each workload once, builds the project the
 * way its own build system does to compare -O levels, and sizes the timeouts. Either "ready" or the numbered list
 * of what to change, line by line.
 */
public final class InitCheck {
    /** The artifact line init writes when it picked the program (change: the item it answers). */
    public record Fix(SizedDefaults.Edit edit, String change) {
    }

    /** Under the project's store: the check's builds and logs. */
    public static final String DIR = "init-check";

    /** What the check found: lines to print, changes (empty: ready), timeouts to write, and the time it took. */
    public record Report(List<String> lines, List<String> changes, List<SizedDefaults.Edit> sized,
                         Optional<Fix> artifactFix, double seconds) {
        public boolean ready() {
            return changes.isEmpty();
        }

        /** The edits init writes into a config it wrote just now: the sized timeouts and the program found. */
        public List<SizedDefaults.Edit> edits() {
            List<SizedDefaults.Edit> all = new ArrayList<>(sized);
            artifactFix.ifPresent(f -> all.add(f.edit()));
            return all;
        }

        /** The config's text with the edits written in. */
        public String editedText(String text) {
            return SizedDefaults.apply(text, edits());
        }

        /** This report once its edits are written: the artifact it fixed is no longer a change to make. */
        public Report written() {
            List<String> left = new ArrayList<>(changes);
            artifactFix.ifPresent(f -> left.remove(f.change()));
            return new Report(lines, left, sized, artifactFix, seconds);
        }

        /** The last lines: "ready: ..." or the numbered changes. */
        public List<String> verdict() {
            if (ready()) {
                return List.of("ready: pgolab build && pgolab bench will work");
            }
            List<String> out = new ArrayList<>(List.of("not ready: change " + (changes.size() == 1 ? "this" : "these")
                    + " in the config, then run 'pgolab init --check' again:"));
            for (int i = 0; i < changes.size(); i++) {
                out.add("  " + (i + 1) + ". " + changes.get(i));
            }
            return out;
        }
    }

    private final Config config;
    private final Toolchain toolchain;
    private final ShellRunner runner;
    private final Events events;
    private final Path dir;

    /** dir: where the check builds (a directory it may wipe), normally .pgolab/init-check/. */
    public InitCheck(Config config, Toolchain toolchain, ShellRunner runner, Events events, Path dir) {
        this.config = config;
        this.toolchain = toolchain;
        this.runner = runner;
        this.events = events;
        this.dir = dir;
    }

    /** The check's directory for a config: .pgolab/init-check/ beside it. */
    public static Path dirFor(Path configFile) {
        return ArtifactStore.forConfig(configFile.toAbsolutePath()).root().resolve(DIR);
    }

    /** A store of the check's own (its builds never replace or reuse the user's). */
    public static ArtifactStore store(Path dir, String name) {
        return new ArtifactStore(dir.resolve(name));
    }

    /** Runs the check; configText: the config file's text, for the lines to change. */
    public Report run(String configText) {
        if (toolchain instanceof JvmToolchain) {   // its builds go through JvmBuilds, which the check does not run yet
            throw new UserError("pgolab init --check does not build toolchain kind \"jvm\" yet",
                    "check the config with 'pgolab build release', then 'pgolab bench'");
        }
        long t0 = System.nanoTime();
        KeyLines keys = new KeyLines(configText);
        List<String> lines = new ArrayList<>();
        List<String> changes = new ArrayList<>();
        ArtifactStore.deleteTree(dir);   // an earlier check's leftovers
        CheckBuild.Result release = CheckBuild.run(config, toolchain, store(dir, "release"), runner, events);
        Optional<String> stepFailed = release.failure().filter(e -> e instanceof BuildFailure.Failed f
                && f.failure() != null && f.failure().command() != null).map(UserError::getMessage);
        if (stepFailed.isPresent()) {
            lines.add("release build: failed after " + WorkloadTrials.secondsText(release.seconds()));
            changes.add(keys.where(config.file().getFileName().toString(), "build", 0, "command") + ": the release"
                    + " build failed: " + stepFailed.get().strip());
            return new Report(lines, changes, List.of(), Optional.empty(), since(t0));
        }
        lines.add("release build: " + WorkloadTrials.secondsText(release.seconds()) + (release.levels().compiles() > 0
                ? ", " + release.levels().text() : ""));
        lines.add("it made: " + (release.files().isEmpty() ? "no program or shared library"
                : String.join(", ", release.files().stream().limit(8).map(CheckBuild.Candidate::describe).toList())
                + (release.files().size() > 8 ? " and " + (release.files().size() - 8) + " more" : "")));
        Optional<String> artifact = CheckFindings.artifact(config, keys, release);
        artifact.ifPresent(changes::add);
        Optional<Fix> fix = artifact.flatMap(a -> CheckFindings.artifactEdit(keys, release).map(e -> new Fix(e, a)));
        if (artifact.isEmpty()) {
            release.failure().ifPresent(e -> changes.add(e.getMessage() + (e.hint().isEmpty() ? "" : " (" + e.hint() + ")")));
        }
        List<WorkloadTrials.Trial> trials = workloads(release, lines, changes, keys);
        levels(release.levels(), keys, lines, changes);
        List<SizedDefaults.Edit> sized = SizedDefaults.edits(keys, release.seconds(), trials);
        sized.forEach(e -> lines.add("proposed: " + e.summary()));
        jobs().ifPresent(lines::add);
        lines.addAll(keys.guesses(config.file().getFileName().toString()));
        for (String s : List.of("release", "default")) {   // the builds are large; the logs stay for a failure
            ArtifactStore.deleteTree(store(dir, s).root().resolve("build"));
            ArtifactStore.deleteTree(store(dir, s).root().resolve("bin"));
        }
        return new Report(lines, changes, sized, fix, since(t0));
    }

    /** Each workload once, against the artifact, else against the most likely program (said so). */
    private List<WorkloadTrials.Trial> workloads(CheckBuild.Result release, List<String> lines, List<String> changes,
                                                 KeyLines keys) {
        boolean runnable = release.artifactKind().filter(k -> k == ElfKind.EXECUTABLE).isPresent()
                || CheckFindings.script(release.artifact());
        if (CheckFindings.script(release.artifact())) {
            lines.add("build.artifact is a script, not a compiled program: pgolab builds and runs it, but its profile"
                    + " and audit are of the programs it runs (a libtool wrapper's is in .libs/)");
        }
        Optional<String> binary = release.builtBinary().filter(b -> runnable).or(() -> release.files().stream()
                .filter(c -> c.file().kind() == ElfKind.EXECUTABLE).findFirst()
                .map(c -> c.file().path().toString()));
        if (binary.isEmpty()) {
            if (!config.train().isEmpty() || !config.bench().isEmpty()) {
                lines.add("workloads: not run, the build made no program to run them against");
            }
            return List.of();
        }
        if (release.builtBinary().isEmpty() || !runnable) {
            lines.add("workloads: run against " + release.files().get(0).placeholder() + ", the most likely program,"
                    + " as build.artifact names no program");
        }
        List<WorkloadTrials.Trial> trials = WorkloadTrials.run(config, binary.get(), runner, dir.resolve("logs"));
        String file = config.file().getFileName().toString();
        for (WorkloadTrials.Trial t : trials) {
            lines.add(t.describe());
            if (!t.ok()) {
                changes.add(keys.where(file, t.section(), t.index(), "command") + ": [[" + t.section() + "]] '"
                        + t.workload().name() + "' failed against the release build: " + t.why().strip()
                        + "; make its command succeed with the release build");
            }
        }
        return trials;
    }

    /** Release's -O level against the project's own default build's (C and C++ builds, whose compiles are recorded). */
    private void levels(OptLevels release, KeyLines keys, List<String> lines, List<String> changes) {
        if (toolchain.compileAudit() != Toolchain.CompileAudit.CC || release.compiles() == 0) {
            return;
        }
        events.note("building the project as its own build system does (no pgolab flags), to compare -O levels");
        CheckBuild.Result own = CheckBuild.run(ReferenceBuild.of(config), toolchain, store(dir, "default"), runner,
                Events.SILENT);
        if (own.levels().compiles() == 0) {
            lines.add("the project's own build (" + ReferenceBuild.plain(config.build().command()) + "): "
                    + own.failure().map(e -> "failed, so its -O level is unknown: " + firstLine(e.getMessage()))
                    .orElse("recorded no compile"));
            return;
        }
        if (release.sameAs(own.levels())) {
            lines.add(CheckFindings.sameLevel(release));
        } else {
            changes.add(CheckFindings.otherLevel(config, keys, release, own.levels()));
        }
    }

    /**
     * A build command that runs make (or 'cmake --build', which runs make for CMake's default generator) without -j:
     * one compile at a time, where {jobs} would use every CPU. Ninja and 'meson compile' use them all by themselves.
     */
    Optional<String> jobs() {
        return jobs(config.build().command());
    }

    static Optional<String> jobs(String c) {
        boolean tool = c.matches("(?s)(.*[\\s;&|(])?(make|cmake --build)\\s.*") || c.matches("(?s)(.*[\\s;&|(])?make");
        return tool && !c.contains("{jobs}") && !c.matches("(?s).*\\s(-j|--jobs|--parallel)\\S*.*")
                ? Optional.of("proposed: pass -j{jobs} to the build tool in build.command ({jobs}: this machine's CPUs)")
                : Optional.empty();
    }

    private static String firstLine(String s) {
        return s.lines().findFirst().orElse("");
    }

    private static double since(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }
}
