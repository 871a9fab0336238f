package io.pgolab.toolchain.go;

import java.nio.file.Path;

/** The hint for a failed go build, naming only the config keys the go toolchain takes. */
final class GoHints {
    private GoHints() {
    }

    /** go: the default command is go build {goflags}; build.command may replace it. */
    static String go(String output, Path configFile) {
        if (output.contains("go.mod file not found") || output.contains("cannot find main module")) {
            return "go found no module: set project.root to the directory with go.mod, or build.package to the main"
                    + " package (e.g. \"./cmd/tool\") in " + configFile;
        }
        if (output.contains("-pgo") && output.contains("unknown flag")) {
            return "this go predates PGO (-pgo needs Go 1.21 or newer): install a newer Go, or set [toolchain] go = \"/path/to/go\"";
        }
        return "the go command and its output are above; fix the build, or build.package, build.goflags, build.ldflags,"
                + " build.env or build.command (keep {goflags} in it: it carries -pgo=) in " + configFile;
    }
}
