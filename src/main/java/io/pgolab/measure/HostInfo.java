package io.pgolab.measure;

import io.pgolab.process.Exec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The environment record stored with every result: host, CPU, kernel, governor, load, git state. */
public final class HostInfo {
    /** --host-label, when given; else {@link #label()} is the CPU model and the hostname. */
    private static volatile String givenLabel;

    private HostInfo() {
    }

    /** The label results carry (--host-label LABEL); blank clears it. */
    public static void useLabel(String label) {
        givenLabel = label == null || label.isBlank() ? null : label.strip();
    }

    /** What results and gate reports name this machine by: --host-label, else "CPU MODEL (hostname)". */
    public static String label() {
        String g = givenLabel;
        return g != null ? g : cpuModel() + " (" + hostname() + ")";
    }

    static String hostname() {
        String h = read("/proc/sys/kernel/hostname");
        return h.isEmpty() ? "unknown host" : h;
    }

    public static Map<String, Object> record(Path projectRoot) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cpu_model", cpuModel());
        m.put("hostname", hostname());
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("kernel", read("/proc/sys/kernel/osrelease"));
        m.put("governor", governor());
        m.put("load_average", read("/proc/loadavg"));
        m.put("memory_kb", memTotal());
        m.put("java", System.getProperty("java.version"));
        m.put("git_commit", git(projectRoot, "rev-parse", "HEAD"));
        m.put("git_dirty", !git(projectRoot, "status", "--porcelain").isEmpty());
        return m;
    }

    /** CPU frequency governor, or "unavailable" on VMs without cpufreq. */
    /** How many CPUs the machine has online (not only those pgolab's threads may use now, see JvmPinning). */
    public static int onlineCpus() {
        int n = JvmPinning.parse(read("/sys/devices/system/cpu/online")).size();
        return n > 0 ? n : Runtime.getRuntime().availableProcessors();
    }

    public static String governor() {
        String g = read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
        return g.isEmpty() ? "unavailable" : g;
    }

    static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst().orElse("unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    static long memTotal() {
        try {
            return Files.readAllLines(Path.of("/proc/meminfo")).stream()
                    .filter(l -> l.startsWith("MemTotal:"))
                    .map(l -> Long.parseLong(l.replaceAll("\\D", "")))
                    .findFirst().orElse(0L);
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    static String read(String path) {
        try {
            return Files.readString(Path.of(path)).strip();
        } catch (IOException e) {
            return "";
        }
    }

    static String git(Path dir, String... args) {
        List<String> argv = new ArrayList<>(List.of("git", "-C", dir.toString()));
        argv.addAll(List.of(args));
        return Exec.quietOutput(argv).strip();
    }
}
