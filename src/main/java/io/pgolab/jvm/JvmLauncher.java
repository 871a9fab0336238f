package io.pgolab.jvm;

import io.pgolab.util.Shell;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * The small shell script that {binary} names for a JVM variant: exec java with pgolab's flags, the
 * variant's own copy of the classpath and the main class, so every workload, bench and ladder feature
 * runs a JVM program as it runs a native one. The environment's JVM option variables are cleared, so
 * nothing outside the cache key (JAVA_TOOL_OPTIONS could say -XX:AOTCacheOutput=...) reaches the JVM.
 */
final class JvmLauncher {
    /** Variables the java launcher reads options from; a measured run must take none of them. */
    static final String CLEARED = "JAVA_TOOL_OPTIONS JDK_JAVA_OPTIONS _JAVA_OPTIONS JDK_AOT_VM_OPTIONS";

    private JvmLauncher() {
    }

    /** The java command line (without the program's arguments). */
    static List<String> command(Path java, List<String> flags, List<Path> classpath, String main) {
        List<String> argv = new ArrayList<>();
        argv.add(java.toString());
        argv.addAll(flags);
        argv.add("-cp");
        argv.add(String.join(File.pathSeparator, classpath.stream().map(Path::toString).toList()));
        argv.add(main);
        return argv;
    }

    /** A launcher that always runs argv (a measured variant: reads its cache, never writes one). */
    static void write(Path script, String title, List<String> argv) {
        write(script, "#!/bin/sh\n# " + title + "\nunset " + CLEARED + "\nexec " + Shell.join(argv) + " \"$@\"\n");
    }

    /**
     * A training launcher: the first invocation of {binary} in the training run records (recording);
     * any later one (a workload that runs the program several times) runs plain, so exactly one JVM
     * writes the archive and nothing is overwritten halfway. lockDir must not exist yet.
     */
    static void writeTraining(Path script, String title, List<String> recording, List<String> plain, Path lockDir) {
        write(script, "#!/bin/sh\n# " + title + "\nunset " + CLEARED + "\n"
                + "if mkdir " + Shell.quote(lockDir.toString()) + " 2>/dev/null; then\n"
                + "  exec " + Shell.join(recording) + " \"$@\"\n"
                + "fi\n"
                + "exec " + Shell.join(plain) + " \"$@\"\n");
    }

    private static void write(Path script, String text) {
        try {
            Files.createDirectories(script.getParent());
            Files.writeString(script, text);
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
