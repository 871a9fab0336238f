package io.pgolab.config.starter;

import io.pgolab.config.TomlText;
import io.pgolab.util.TextHead;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What 'pgolab init' proposes as a base training: the project's own test suite, for breadth. Where
 * the suite is known to run the built program (CPython's regrtest, Lua's testes/all.lua) it writes a
 * [[train]] entry with base = true and shares beside the user's workload; where the suite is cargo's,
 * CTest's or make's it writes the entry commented out, with why it may never run {binary}.
 */
final class BaseTrainingStarter {
    /** The base's share of the merged counts when init proposes one; the user's workloads make the rest. */
    static final String BASE_SHARE = "0.3";
    static final String OWN_SHARE = "0.7";
    private static final Pattern MAKE_CHECK = Pattern.compile("(?m)^(check|test)\\s*:(?!=)");
    private static final Pattern CMAKE_TEST = Pattern.compile("(?i)\\b(enable_testing|add_test)\\s*\\(");

    private BaseTrainingStarter() {
    }

    /** A suite that runs the built program: the [[train]] command for it. */
    record Suite(String name, String command, String why, String timeout) {
    }

    /** The test suite that runs {binary} itself, when the tree has one pgolab knows. */
    static Optional<Suite> runsBinary(Path dir) {
        if (Files.isRegularFile(dir.resolve("Lib/test/regrtest.py")) || Files.isDirectory(dir.resolve("Lib/test/libregrtest"))) {
            return Optional.of(new Suite("regrtest-pgo", "{binary} -m test --pgo --timeout=1200 -q; s=$?; [ $s -eq 0 ] || [ $s -eq 2 ]",
                    "CPython's own PGO task (regrtest --pgo); exit status 2 means some tests failed, which is no"
                            + " failure of the interpreter", "40m"));
        }
        if (Files.isRegularFile(dir.resolve("testes/all.lua"))) {
            return Optional.of(new Suite("testes", "cd {root}/testes && {binary} -e \"_U=true\" all.lua",
                    "Lua's own test suite (testes/all.lua, _U=true: the tests that need no internal C API)", "20m"));
        }
        return Optional.empty();
    }

    /** The entry written after the user's [[train]]: an active one for a known suite, else a commented suggestion, else "". */
    static String entry(Path dir, StarterConfig.BuildSystem bs) {
        Optional<Suite> suite = runsBinary(dir);
        if (suite.isPresent()) {
            Suite s = suite.get();
            return "# Base training (a guess by 'pgolab init': check it): " + s.why() + ".\n"
                    + "# It gives the profile breadth; share says which part of the merged counts it makes, the\n"
                    + "# workload above makes the rest (docs/config.md, \"Broad training: a base and your workloads\").\n"
                    + "[[train]]\nname = " + TomlText.quote(s.name()) + "\nbase = true\ncommand = " + TomlText.quote(s.command())
                    + "\nshare = " + BASE_SHARE + "\ntimeout = " + TomlText.quote(s.timeout()) + "\n\n";
        }
        Optional<String> suggestion = suggestion(dir, bs);
        return suggestion.map(c -> "# Base training: this tree has a test suite (" + c + "), but it most likely runs the\n"
                + "# test programs it builds itself, not {binary} (pgolab's instrumented build), so their counts\n"
                + "# would never reach the profile. If it can be pointed at {binary}, make it a base training:\n"
                + "# [[train]]\n# name = \"tests\"\n# base = true\n# command = " + TomlText.quote(c
                + " # CHANGE_ME: must run {binary}") + "\n# share = " + BASE_SHARE + "    # and share = " + OWN_SHARE
                + " on the workload above\n\n").orElse("");
    }

    /** Whether init writes an active base entry (then the user's workload gets a share too). */
    static boolean active(Path dir) {
        return runsBinary(dir).isPresent();
    }

    private static Optional<String> suggestion(Path dir, StarterConfig.BuildSystem bs) {
        try {
            if (bs == StarterConfig.BuildSystem.CARGO && (Files.isDirectory(dir.resolve("tests"))
                    || Files.isRegularFile(dir.resolve("Cargo.toml")))) {
                return Optional.of("cargo test");
            }
            if (bs == StarterConfig.BuildSystem.CMAKE
                    && CMAKE_TEST.matcher(TextHead.of(dir.resolve("CMakeLists.txt"), TextHead.PROJECT_FILE)).find()) {
                return Optional.of("ctest --test-dir build");
            }
            for (String n : new String[] {"GNUmakefile", "makefile", "Makefile"}) {
                Path mk = dir.resolve(n);
                if (Files.isRegularFile(mk)) {
                    var m = MAKE_CHECK.matcher(TextHead.of(mk, TextHead.PROJECT_FILE));
                    return m.find() ? Optional.of("make " + m.group(1)) : Optional.empty();
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}
