package io.pgolab.util;

import java.util.List;
import java.util.stream.Collectors;

/** POSIX shell quoting, for logging commands in a form that can be pasted back into a shell. */
public final class Shell {
    private Shell() {
    }

    public static String quote(String s) {
        if (!s.isEmpty() && s.matches("[A-Za-z0-9_./:=,+@%-]+")) {
            return s;
        }
        return "'" + s.replace("'", "'\\''") + "'";
    }

    public static String join(List<String> argv) {
        return argv.stream().map(Shell::quote).collect(Collectors.joining(" "));
    }

    /** argv that runs a command line through bash, the way users write commands in pgolab.toml. */
    public static List<String> bash(String commandLine) {
        return List.of("/bin/bash", "-c", commandLine);
    }
}
