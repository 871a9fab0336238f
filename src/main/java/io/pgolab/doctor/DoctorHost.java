package io.pgolab.doctor;

import io.pgolab.measure.perf.PerfSupport.EventStatus;
import io.pgolab.measure.perf.PerfSupport;
import io.pgolab.process.Exec;
import io.pgolab.toolchain.ToolLocator;
import io.pgolab.toolchain.jvm.JdkInstall;
import io.pgolab.util.Strings;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The non-compiler part of 'pgolab doctor': perf, valgrind, JDKs and optional benchmark tools. */
final class DoctorHost {
    static final Path PARANOID = Path.of("/proc/sys/kernel/perf_event_paranoid");
    static final Path JVM_DIR = Path.of("/usr/lib/jvm");
    static final Path AUTOGROUP = Path.of("/proc/sys/kernel/sched_autogroup_enabled");

    /** What perf can do here; hardwareCounters is false on VMs without a virtual PMU. */
    record Perf(boolean installed, boolean counts, boolean hardwareCounters, List<DoctorCheck> checks) {
    }

    private DoctorHost() {
    }

    static Perf perf() {
        return perf(io.pgolab.measure.perf.Perf.detect(), "root".equals(System.getProperty("user.name")));
    }

    /** The checks for what the shared perf detection found; separate from it so tests can pass any result. */
    static Perf perf(PerfSupport s, boolean root) {
        List<DoctorCheck> checks = new ArrayList<>();
        if (!s.installed()) {
            checks.add(DoctorCheck.info("perf", "not installed (optional: hardware counters in measurements,"
                    + " perf sampling for BOLT)", "apt-get install -y linux-perf"));
            checks.add(paranoid(s.paranoid(), root));
            return new Perf(false, false, false, checks);
        }
        String p = s.binary().get().toString();
        if (s.version().isEmpty()) {
            // Debian's /usr/bin/perf is a wrapper that refuses when no perf matches the running kernel.
            checks.add(DoctorCheck.warn("perf", p + " does not run: " + s.failure(),
                    "apt-get install -y linux-perf"));
            checks.add(paranoid(s.paranoid(), root));
            return new Perf(true, false, false, checks);
        }
        checks.add(DoctorCheck.ok("perf " + ToolLocator.fullVersionIn(s.version()), p));

        boolean counts = s.status("task-clock") == EventStatus.SUPPORTED;
        if (counts) {
            checks.add(DoctorCheck.ok("perf stat task-clock", "software counters work"));
        } else {
            checks.add(DoctorCheck.warn("perf stat task-clock", "cannot count: " + cannotCount(s, "task-clock"),
                    "run as root, or lower the restriction: sysctl -w kernel.perf_event_paranoid=2"));
        }

        EventStatus insns = s.status("instructions:u");
        boolean hardware = counts && insns == EventStatus.SUPPORTED;
        if (hardware) {
            checks.add(DoctorCheck.ok("perf stat instructions", "hardware counters work"));
        } else if (s.perfUsable() && insns == EventStatus.NOT_SUPPORTED) {
            checks.add(DoctorCheck.warn("perf stat instructions", "<not supported>: no hardware counters"
                    + " (a VM without a virtual PMU); no instruction counts, BOLT needs instrumentation mode", ""));
        } else {
            checks.add(DoctorCheck.warn("perf stat instructions", "cannot count: " + cannotCount(s, "instructions:u"), ""));
        }
        checks.add(paranoid(s.paranoid(), root));
        return new Perf(true, counts, hardware, checks);
    }

    /** perf's own message when it failed, else how the event came out. */
    private static String cannotCount(PerfSupport s, String event) {
        return s.failure().isEmpty() ? PerfSupport.label(s.status(event)) : s.failure();
    }

    static DoctorCheck paranoid(Optional<String> value, boolean root) {
        String subject = "perf_event_paranoid";
        if (value.isEmpty()) {
            return DoctorCheck.info(subject, "cannot read " + PARANOID + " (no perf events in this kernel?)", "");
        }
        String text = value.get();
        int level;
        try {
            level = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return DoctorCheck.info(subject, "unexpected value '" + text + "' in " + PARANOID, "");
        }
        if (root) {
            return DoctorCheck.ok(subject, level + " (running as root: not restricted)");
        }
        if (level <= 1) {
            return DoctorCheck.ok(subject, level + " (unprivileged users may profile user and kernel code)");
        }
        if (level == 2) {
            return DoctorCheck.ok(subject, "2 (unprivileged users may profile their own user-space code only)");
        }
        return DoctorCheck.warn(subject, level + " (unprivileged users may not use perf at all)",
                "sysctl -w kernel.perf_event_paranoid=2");
    }

    /**
     * Linux's autogroup scheduling gives each session (terminal, ssh login, service) an equal share of
     * the CPUs whatever its processes' nice values, so 'nice -n 19 make' started in another session
     * competes with a benchmark as an equal (seen here: a niced build took 94 % of a CPU next to two
     * builds at nice 0 of another session).
     */
    static DoctorCheck autogroup(Optional<String> value) {
        String subject = "sched_autogroup_enabled";
        if (value.isEmpty()) {
            return DoctorCheck.ok(subject, "not in this kernel: nice values rank every process");
        }
        if (value.get().strip().equals("0")) {
            return DoctorCheck.ok(subject, "0: nice values rank every process");
        }
        return DoctorCheck.info(subject, value.get().strip() + ": each session gets an equal CPU share whatever its"
                + " processes' nice values, so a 'nice' build started in another terminal competes with a benchmark as an"
                + " equal", "while measuring next to other work: sysctl -w kernel.sched_autogroup_enabled=0");
    }

    static DoctorCheck autogroup() {
        try {
            return autogroup(Files.isReadable(AUTOGROUP) ? Optional.of(Files.readString(AUTOGROUP)) : Optional.empty());
        } catch (IOException e) {
            return autogroup(Optional.empty());
        }
    }

    static DoctorCheck valgrind() {
        return optionalTool("valgrind", "valgrind", "instruction counts where hardware counters are missing");
    }

    /** A tool pgolab can use but never needs: ok with its version, else info with the install command. */
    static DoctorCheck optionalTool(String name, String pkg, String purpose) {
        Optional<Path> p = ToolLocator.onPath(name);
        if (p.isEmpty()) {
            return DoctorCheck.info(name, "not installed (optional: " + purpose + ")", "apt-get install -y " + pkg);
        }
        String out = Exec.quietOutput(List.of(p.get().toString(), "--version"));
        String v = versionWord(out);
        return DoctorCheck.ok(v.isEmpty() ? name : name + " " + v, p.get().toString());
    }

    /** "3.19.0" from "valgrind-3.19.0" or "hyperfine 1.15.0". */
    static String versionWord(String out) {
        Matcher m = Pattern.compile("(\\d+\\.\\d+(?:\\.\\d+)?)").matcher(Strings.firstLine(out));
        return m.find() ? m.group(1) : "";
    }

    static List<DoctorCheck> optionalTools() {
        return List.of(
                optionalTool("hyperfine", "hyperfine", "quick wall-clock comparisons"),
                optionalTool("redis-benchmark", "redis-tools", "load for the redis example"));
    }

    /** The JDKs found and what each offers toolchain kind "jvm" (see {@link JvmDoctor}). */
    static List<DoctorCheck> jdks() {
        return JvmDoctor.checks(JdkInstall.discover());
    }

}
