package io.pgolab.init;

import io.pgolab.audit.OptLevels;
import io.pgolab.config.Config;
import io.pgolab.toolchain.elf.ElfKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** What the check found wrong with build.artifact and with the -O level, each worded as the line to change. */
final class CheckFindings {
    /** Candidates listed in a message. */
    private static final int SHOWN = 5;

    private CheckFindings() {
    }

    /**
     * Empty when build.artifact is a program the build made; else what to change: "pgolab.toml:12: artifact =
     * "{srcdir}/default" is not a file the build made; the build made ...; set artifact = "{srcdir}/programs/lz4"".
     */
    static Optional<String> artifact(Config config, KeyLines keys, CheckBuild.Result r) {
        String where = keys.where(config.file().getFileName().toString(), "build", 0, "artifact");
        String now = "artifact = \"" + config.build().artifact() + "\"";
        if (r.artifactKind().filter(k -> k == ElfKind.EXECUTABLE).isPresent() || script(r.artifact())) {
            return Optional.empty();   // a script (a libtool wrapper) runs; InitCheck says what it is
        }
        String what = r.artifactKind().map(k -> "is a " + k.label() + ", not a program")
                .orElse(Files.isRegularFile(r.artifact()) ? "is no program (not an ELF executable)"
                        : "is not a file the build made");
        List<CheckBuild.Candidate> programs = r.files().stream()
                .filter(c -> c.file().kind() == ElfKind.EXECUTABLE).toList();
        if (r.files().isEmpty()) {
            return Optional.of(where + ": " + now + " " + what + ", and the build made no program or shared library"
                    + " in its directories: check that build.command builds the program (its log is in the check's logs)");
        }
        StringBuilder s = new StringBuilder(where + ": " + now + " " + what + "; the build made ");
        List<CheckBuild.Candidate> shown = r.files().subList(0, Math.min(SHOWN, r.files().size()));
        s.append(String.join(", ", shown.stream().map(CheckBuild.Candidate::describe).toList()));
        if (r.files().size() > SHOWN) {
            s.append(" and ").append(r.files().size() - SHOWN).append(" more");
        }
        if (programs.isEmpty()) {
            return Optional.of(s.append("; none is a program: build the program, or set artifact to it").toString());
        }
        s.append("; set artifact = \"").append(programs.get(0).placeholder()).append('"');
        if (programs.size() > 1) {
            s.append(" (the most likely of ").append(programs.size()).append(" programs: named like the project,"
                    + " the largest, linked last)");
        }
        return Optional.of(s.toString());
    }

    /** An executable file starting with "#!": a script such as libtool's wrapper, which runs the real program. */
    static boolean script(Path p) {
        if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
            return false;
        }
        try (var in = Files.newInputStream(p)) {
            byte[] head = in.readNBytes(2);
            return head.length == 2 && head[0] == '#' && head[1] == '!';
        } catch (IOException e) {
            return false;
        }
    }

    /** The artifact line for the most likely program the build made, for a config init wrote just now. */
    static Optional<SizedDefaults.Edit> artifactEdit(KeyLines keys, CheckBuild.Result r) {
        List<CheckBuild.Candidate> programs = r.files().stream().filter(c -> c.file().kind() == ElfKind.EXECUTABLE).toList();
        if (programs.isEmpty()) {
            return Optional.empty();
        }
        String p = programs.get(0).placeholder();
        return keys.line("build", 0, "artifact").stream().boxed().findFirst().map(l -> new SizedDefaults.Edit(l,
                "artifact = \"" + p.replace("\\", "\\\\").replace("\"", "\\\"") + "\"   # found by the check: "
                        + (programs.size() == 1 ? "the program the build made"
                        : "the most likely of " + programs.size() + " programs; CHANGE_ME if another"),
                "build.artifact = \"" + p + "\""));
    }

    /** "release: -O3 as the project builds it" when release and the project's own build compiled alike. */
    static String sameLevel(OptLevels release) {
        return "release: " + release.main() + " as the project builds it (" + release.text() + ")";
    }

    /**
     * What to change when release compiled at another -O level or -march than the project's own build: the flag
     * assignment of build.command (or configure) that replaces the project's flags, else build.cflags.
     */
    static String otherLevel(Config config, KeyLines keys, OptLevels release, OptLevels own) {
        String file = config.file().getFileName().toString();
        String head = "release compiles at " + release.levelText() + " where the project's own build uses "
                + own.levelText() + (release.march().keySet().equals(own.march().keySet()) ? ""
                : " (release: " + release.marchText() + "; the project's build: " + own.marchText() + ")");
        List<String> commandFlags = ReferenceBuild.assignments(config.build().command());
        if (!commandFlags.isEmpty()) {
            return head + ": " + keys.where(file, "build", 0, "command") + " replaces the project's flags ("
                    + String.join(" ", commandFlags) + "); pass pgolab's flags where the build adds them to its own"
                    + " (a variable such as EXTRA_CFLAGS or MOREFLAGS that the Makefile appends, CFLAGS from the"
                    + " environment for a 'CFLAGS ?=' Makefile), or put " + own.main() + " in them";
        }
        Optional<String> configure = config.build().configure();
        if (configure.isPresent() && !ReferenceBuild.assignments(configure.get()).isEmpty()) {
            return head + ": " + keys.where(file, "build", 0, "configure") + " replaces the project's flags ("
                    + String.join(" ", ReferenceBuild.assignments(configure.get())) + "); put " + own.main() + " in them";
        }
        if (!config.build().cflags().isBlank()) {
            return head + ": " + keys.where(file, "build", 0, "cflags") + " (cflags = \"" + config.build().cflags()
                    + "\") changes them; put " + own.main() + " in build.cflags or take the -O option out";
        }
        return head + ": compare the release build's compiles with the project's own (the check's logs) and give"
                + " release the project's " + own.main();
    }
}
