package io.pgolab.pipeline;

import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import io.pgolab.store.ArtifactStore;
import io.pgolab.util.CommandLog;
import io.pgolab.util.Events;
import io.pgolab.workload.ShellRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A project built by a shell script, not a compiler: build.sh writes {builddir}/app, a shell script
 * that embeds the flags and main.c, and (built with -fake-instrument) writes a raw profile when run.
 * Files in ctl/ (outside the project, so not part of its sources) steer the build: with ctl/kill
 * present the build SIGKILLs itself after writing app; with ctl/slow present it writes app, creates
 * ctl/started and sleeps.
 */
final class FakeProject {
    static final String BUILD_SH = """
            #!/bin/sh
            # build.sh OUTDIR FLAGS: "compiles" main.c into OUTDIR/app
            out="$1/app"
            printf '#!/bin/sh\\n# flags: %s\\n# source: %s\\n' "$2" "$(cat "$(dirname "$0")/main.c")" > "$out"
            case "$2" in
              *-fake-instrument*) printf '[ -z "$FAKE_PROFILE_DIR" ] || echo ran >> "$FAKE_PROFILE_DIR/default.profraw"\\n' >> "$out" ;;
            esac
            chmod +x "$out"
            if [ -e "$CTL/slow" ]; then touch "$CTL/started"; sleep 60; fi
            if [ -e "$CTL/kill" ]; then kill -KILL $$; fi
            exit 0
            """;

    final Path root;
    final Path ctl;
    final FakeToolchain toolchain = new FakeToolchain();
    final Recorder events = new Recorder();
    String command = "sh {root}/build.sh {builddir} '{cflags}'";
    String cflags = "-O2";
    String variants = "\"release\", \"pgo\"";

    FakeProject(Path dir) {
        this.root = dir.resolve("project");
        this.ctl = dir.resolve("ctl");
        try {
            Files.createDirectories(root);
            Files.createDirectories(ctl);
            Files.writeString(root.resolve("build.sh"), BUILD_SH);
            Files.writeString(root.resolve("main.c"), "int main(void) { return 0; }\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Config config() {
        String text = """
                [project]
                name = "fake"
                variants = [%s]

                [toolchain]
                kind = "clang"

                [build]
                command = "%s"
                artifact = "{builddir}/app"
                cflags = "%s"
                timeout = "2m"
                env = { CTL = "%s" }
                allow = ["no-lto"]   # build.sh compiles nothing, so lto shows no audited LTO link

                [[train]]
                name = "t"
                command = "{binary}"
                """.formatted(variants, command, cflags, ctl);
        return ConfigLoader.parse(root.resolve("pgolab.toml"), text);
    }

    ArtifactStore store() {
        return new ArtifactStore(root);
    }

    Pipeline pipeline() {
        return new Pipeline(config(), toolchain, store(), new ShellRunner(CommandLog.silent()), events);
    }

    BuildStage builds() {
        return new BuildStage(config(), toolchain, store(), new ShellRunner(CommandLog.silent()), events);
    }

    void write(String file, String text) {
        try {
            Files.writeString(root.resolve(file), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void touchCtl(String name, boolean present) {
        try {
            if (present) {
                Files.writeString(ctl.resolve(name), "");
            } else {
                Files.deleteIfExists(ctl.resolve(name));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Records the stages started ("build release", "train t", "merge"), for asserting what ran. */
    static final class Recorder implements Events {
        final List<String> started = new ArrayList<>();
        final List<String> warnings = new ArrayList<>();

        @Override
        public synchronized void started(String stage, String detail) {
            started.add(stage);
        }

        @Override
        public void finished(String stage, Duration took, String detail) {
        }

        @Override
        public void note(String message) {
        }

        @Override
        public synchronized void warn(String message) {
            warnings.add(message);
        }

        synchronized List<String> drain() {
            List<String> out = List.copyOf(started);
            started.clear();
            return out;
        }
    }
}
