package io.pgolab.config;

import java.time.Duration;

/**
 * One long-running process of a service workload: a role name, its shell command, how pgolab knows
 * it is ready and how it is stopped. A process whose command runs {binary} (or {bin:NAME}) is under
 * test; the others are helpers (a database behind a pooler, an HTTP server for a load tester).
 *
 * @param ready   "tcp" (its first port), "tcp:NAME", "http:/path", "http:NAME/path", "log:REGEX" or "probe:COMMAND"
 * @param profile [[train]] only: the profile set this role's raw profile feeds ("" = the workload's own)
 */
public record ProcessSpec(String role, String command, String ready, Duration readyTimeout, String stopSignal,
                          Duration stopGrace, String profile) {
    /** The role of the single process of the {@code server = "..."} form. */
    public static final String SERVER = "server";
    /** The clients' role unless client_role names another. */
    public static final String CLIENT = "client";

    public boolean underTest() {
        return runsBinary(command);
    }

    /** Whether a command template runs the built program ({binary}, one of cargo's {bin:NAME} or {artifact:NAME}). */
    public static boolean runsBinary(String command) {
        return Template.placeholders(command).stream().anyMatch(n -> n.equals("binary") || n.startsWith("bin:")
                || n.startsWith("artifact:"));
    }

    public ProcessSpec withCommand(String c) {
        return new ProcessSpec(role, c, ready, readyTimeout, stopSignal, stopGrace, profile);
    }
}
