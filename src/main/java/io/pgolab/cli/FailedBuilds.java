package io.pgolab.cli;

import io.pgolab.bench.BenchRun;
import io.pgolab.pipeline.BuildFailure;
import io.pgolab.pipeline.PipelineOutcome;
import io.pgolab.report.files.Exports;
import io.pgolab.report.Results;
import io.pgolab.toolchain.FailureMode;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * The builds of build, bench, ladder and demo: when one fails, --json FILE still gets the variants that
 * finished before it and the failure (build_failure), and the failure's error goes on (exit status 2).
 */
final class FailedBuilds {
    private FailedBuilds() {
    }

    /** How bench and ladder build: the project's pipeline, failing on the first failed build. */
    static BenchRun.Builds builds(Session s, Path workDir, Path json) {
        return variants -> build(s, workDir, json, () -> s.pipeline().build(variants, false, FailureMode.FAIL));
    }

    static PipelineOutcome build(Session s, Path workDir, Path json, Supplier<PipelineOutcome> build) {
        try {
            return build.get();
        } catch (BuildFailure.Failed f) {
            if (json != null) {
                Exports.of(workDir, System.err).to(json, Exports.json()).writeFiles(Results.buildFailed(s.source(), f));
                int done = f.finished().map(o -> o.builds().size()).orElse(0);
                s.console.note("the build of '" + f.failure().variant() + "' failed; " + done + " finished build"
                        + (done == 1 ? "" : "s") + " and the failure written to " + workDir.resolve(json));
            }
            throw f;
        }
    }
}
