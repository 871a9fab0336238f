package io.pgolab.cli;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.BenchWorkload;
import io.pgolab.bench.DemoOutputParser;
import io.pgolab.config.Config;
import io.pgolab.config.Variant;
import io.pgolab.pipeline.PipelineOutcome;
import io.pgolab.report.files.Exports;
import io.pgolab.report.Results;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.FailureMode;
import io.pgolab.util.Dirs;
import io.pgolab.util.UserFile;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Build, train and compare the embedded sample program (release vs pgo).",
                "The sample is a C bytecode interpreter, lexer and hash tables.",
                "It is built with clang when a clang with its llvm-profdata is installed, else with gcc."})
final class DemoCommand implements Callable<Integer> {
    @ParentCommand
    Main parent;

    @Option(names = "--dir", paramLabel = "DIR", description = "Where to put the demo project (default: $TMPDIR/pgolab-demo); a new or empty directory, or an earlier demo's.")
    Path dir;

    @Option(names = "--write-only", description = "Write the demo project (demo.c, pgolab.toml) and stop, e.g. to run"
            + " 'pgolab -C DIR ladder' on it.")
    boolean writeOnly;

    @Option(names = "--toolchain", paramLabel = "clang|gcc", description = "Toolchain (default: clang if a clang with its llvm-profdata is installed, else gcc).")
    String toolchain;

    @Mixin
    MeasureOptions opts;

    @Override
    public Integer call() {
        String kind = DemoProject.kind(toolchain);
        Path project = dir != null ? parent.global.workDir().resolve(dir)
                : Dirs.tmpRoot().resolve("pgolab-demo");
        Config config = DemoProject.write(project, kind);
        if (writeOnly) {
            System.out.println("demo project written to " + project + "; try: pgolab -C " + project + " ladder");
            return 0;
        }
        try (Session s = Session.open(config, parent.global)) {
            s.console.note("demo project in " + project + " (" + s.toolchain.describe() + ")");
            PipelineOutcome built = FailedBuilds.build(s, parent.global.workDir(), opts.json,
                    () -> s.pipeline().build(List.of(Variant.RELEASE, Variant.PGO), false, FailureMode.FAIL));
            Results.Source source = s.source();
            Exports exports = opts.exports(parent.global.workDir());
            exports.print(Results.build(source, built)); // the builds' table now, before the measurements
            List<BuiltArtifact> both = built.artifacts(List.of(Variant.RELEASE, Variant.PGO));
            List<BenchWorkload> ws = List.of(DemoOutputParser.workload(s.config, both));
            BenchResults r = s.engine(opts, "demo").run("pgolab demo: release vs pgo (" + s.toolchain.describe() + ")", ws);
            DemoOutputParser.requireSameOutput(r);
            r = opts.flamegraphs(s.bench(), r, ws, both);
            Results results = Results.demo(source, built, r); // one results file: the builds and the comparison
            exports.write(results);
            // say where every file went (issue 40: the demo never said where its HTML report was)
            java.util.Map<String, Path> written = new java.util.LinkedHashMap<>();
            written.put("results", opts.json);
            written.put("Markdown report", opts.markdown);
            written.put("CSV", opts.csv);
            written.put("HTML report", opts.html);
            written.forEach((what, f) -> {
                if (f != null && !UserFile.isStdout(f)) {
                    s.console.note(what + " written to " + parent.global.workDir().resolve(f).toAbsolutePath().normalize());
                }
            });
            return opts.exitCode(results);
        }
    }
}
