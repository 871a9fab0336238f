package io.pgolab.process;

import io.pgolab.util.Shell;
import io.pgolab.util.Text;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Processes a command left running after it exited, outside its process group (a {@code setsid} or a daemon), which
 * {@code pgolab-runner} found (it is their child subreaper), stopped and reported as {@code escaped=N
 * escaped_list=PID:HEX,...}. Each becomes one warning, sent to the listener the command line installs (stages never
 * print); before one is installed, or in tests, warnings go nowhere.
 */
public final class LeftRunning {
    /** One stopped process: its pid and the start of its command line. */
    public record Escaped(long pid, String command) {
    }

    private static volatile Consumer<String> listener = w -> { };

    private LeftRunning() {
    }

    /** Where the warnings go (the command line's stderr). */
    public static void listen(Consumer<String> warnings) {
        listener = warnings == null ? w -> { } : warnings;
        WARNED.clear(); // a new pgolab command (tests run many in one JVM) warns afresh
    }

    /** Commands already warned about: a bench runs one many times, and one warning says it. */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    /** Warns about what the runner reported for argv, if anything (once per command line). */
    static void report(List<String> argv, Map<String, String> fields) {
        warning(argv, fields).filter(w -> WARNED.add(label(argv))).ifPresent(w -> listener.accept(w));
    }

    /** "'cmd' left 1 process running (pid 1234 'sleep 3000'): stopped it", or empty when nothing was left. */
    static Optional<String> warning(List<String> argv, Map<String, String> fields) {
        int count;
        try {
            count = Integer.parseInt(fields.getOrDefault("escaped", "0"));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (count <= 0) {
            return Optional.empty();
        }
        List<Escaped> listed = parse(fields.getOrDefault("escaped_list", ""));
        List<String> shown = new ArrayList<>();
        for (Escaped e : listed) {
            shown.add("pid " + e.pid() + (e.command().isEmpty() ? "" : " '" + e.command() + "'"));
        }
        String more = count > listed.size() ? ", and " + (count - listed.size()) + " more" : "";
        return Optional.of(NoSpace.name(label(argv)) + " left " + count + (count == 1 ? " process" : " processes")
                + " running outside its process group (" + String.join(", ", shown) + more + "): stopped "
                + (count == 1 ? "it" : "them") + " (and after every later run of it); a command must not leave processes behind (they would run beside"
                + " the next measurement)");
    }

    static List<Escaped> parse(String list) {
        List<Escaped> out = new ArrayList<>();
        for (String item : list.split(",")) {
            int colon = item.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            try {
                long pid = Long.parseLong(item.substring(0, colon));
                String hex = item.substring(colon + 1);
                String cmd = hex.isEmpty() ? "" : new String(HexFormat.of().parseHex(hex), StandardCharsets.UTF_8);
                out.add(new Escaped(pid, Text.visible(cmd.strip()).replace("\n", "\\n")));
            } catch (IllegalArgumentException e) {
                // a malformed item is left out; the count still says how many there were
            }
        }
        return out;
    }

    /** The user's command: a shell command line pgolab wraps (bash -c 'exec 2>&1; printf ...; LINE') as LINE. */
    static String label(List<String> argv) {
        if (argv.size() == 3 && argv.get(0).endsWith("bash") && argv.get(1).equals("-c")) {
            String script = argv.get(2);
            if (script.startsWith("exec 2>&1\nprintf ")) {
                int second = script.indexOf('\n', "exec 2>&1\n".length());
                return second > 0 ? script.substring(second + 1) : script;
            }
            return script;
        }
        return Shell.join(argv);
    }
}
