package io.pgolab.toolchain.go;

import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.util.CommandLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One go command and what 'go env' says about it. The one discovery of Go: the go toolchain builds
 * with {@link #probe}'s result (env is part of its fingerprint), and 'pgolab doctor' reports {@link #discover}.
 *
 * @param ok  whether 'go env' ran
 * @param env the output of 'go env GOVERSION GOFLAGS ...' (one value a line, GOVERSION first)
 */
public record GoInstall(Path go, boolean ok, String env) {
    /** Every setting that changes what 'go build' produces, GOVERSION first. */
    static final List<String> ENV = List.of("GOVERSION", "GOFLAGS", "GOOS", "GOARCH", "GOAMD64", "GOEXPERIMENT",
            "CGO_ENABLED", "GOTOOLCHAIN");

    /** "go1.26.8", or empty when go env failed. */
    public String goVersion() {
        return ok ? env.lines().findFirst().orElse("").strip() : "";
    }

    /** 26 for go1.26.8; empty when it reported no Go 1.x version. */
    public OptionalInt minor() {
        return GoToolchain.minor(goVersion());
    }

    /** The go the toolchain would use without toolchain.go, when there is one. */
    public static Optional<GoInstall> discover() {
        return find(Optional.empty()).map(go -> probe(go, null));
    }

    /** toolchain.go when configured, else go on PATH, else /usr/local/go/bin/go. */
    public static Optional<Path> find(Optional<String> configured) {
        if (configured.isPresent()) {
            return ToolLocator.onPath(configured.get());
        }
        Optional<Path> onPath = ToolLocator.onPath("go");
        Path usual = Path.of("/usr/local/go/bin/go");
        return onPath.isPresent() ? onPath : Files.isExecutable(usual) ? Optional.of(usual) : Optional.empty();
    }

    /** One 'go env' call (recorded in log when given). */
    public static GoInstall probe(Path go, CommandLog log) {
        List<String> argv = new ArrayList<>(List.of(go.toString(), "env"));
        argv.addAll(ENV);
        Exec.Result r = Exec.capture(log, argv);
        return new GoInstall(go, r.ok(), r.output());
    }
}
