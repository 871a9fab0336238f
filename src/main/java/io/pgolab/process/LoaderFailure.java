package io.pgolab.process;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A program the dynamic loader could not start because a shared library it needs was not found: pgolab runs each
 * variant's copy of the program from its store (.pgolab/bin/KEY/), so a program that finds the project's own shared
 * library through an $ORIGIN-relative RUNPATH or next to it in the build tree (Meson's and CMake's default shared
 * builds) does not find it there. Said by cause, with the ways out, instead of "run the command by hand".
 */
public final class LoaderFailure {
    private static final Pattern MISSING = Pattern.compile(
            "error while loading shared libraries: ([^:\\s]+): cannot open shared object file");

    private LoaderFailure() {
    }

    /** The hint for output that holds the loader's message, empty for any other failure. */
    public static Optional<String> hint(String output) {
        Matcher m = MISSING.matcher(output);
        if (!m.find()) {
            return Optional.empty();
        }
        String lib = m.group(1);
        return Optional.of("the program needs the shared library " + lib + ", which the dynamic loader did not find:"
                + " pgolab runs each variant's copy of the program from .pgolab/bin/, away from the build tree where"
                + " a project's own library sits (found there through an $ORIGIN RUNPATH or the build directory). If "
                + lib + " is the project's own, build it into the program (Meson: -Ddefault_library=static; CMake:"
                + " -DBUILD_SHARED_LIBS=OFF, or link the program's static target; autoconf: --disable-shared), or"
                + " install the build into {installdir} and make artifact the installed program with the library"
                + " beside it (docs/config.md, \"A variant that is a runtime tree\"); if it is a system library, install it");
    }
}
