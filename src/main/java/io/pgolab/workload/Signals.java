package io.pgolab.workload;

/** Names of the common Linux signals, for messages about crashed workloads. */
public final class Signals {
    private Signals() {
    }

    public static String name(int signal) {
        return switch (signal) {
            case 1 -> "SIGHUP";
            case 2 -> "SIGINT";
            case 3 -> "SIGQUIT";
            case 4 -> "SIGILL";
            case 6 -> "SIGABRT";
            case 7 -> "SIGBUS";
            case 8 -> "SIGFPE";
            case 9 -> "SIGKILL";
            case 11 -> "SIGSEGV";
            case 13 -> "SIGPIPE";
            case 15 -> "SIGTERM";
            default -> "signal " + signal;
        };
    }
}
