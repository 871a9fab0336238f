package io.pgolab.measure.perf;

import io.pgolab.measure.perf.PerfDiagnosis.Observation;
import io.pgolab.measure.perf.PerfDiagnosis.Run;
import io.pgolab.measure.perf.PerfDiagnosis.StatRun;
import io.pgolab.measure.perf.PerfSupport.EventStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * The detection's decisions on captured perf output, independent of the machine running the tests.
 * Unless marked otherwise, the texts are what perf 6.1 printed on this project's VM (no PMU).
 */
class PerfDiagnosisTest {
    private static final Optional<String> PARANOID_2 = Optional.of("2");
    private static final Path PERF = Path.of("/usr/bin/perf");
    private static final Run OK = new Run(0, "");
    private static final Run VERSION = new Run(0, "perf version 6.1.192\n");
    private static final String SOFTWARE_CSV = "# started on Tue Dec  1 08:08:48 2026\n\n"
            + "0.38,msec,task-clock,376461,100.00,0.519,CPUs utilized\n"
            + "0,,context-switches,376461,100.00,0.000,/sec\n"
            + "63,,page-faults,376461,100.00,167.348,K/sec\n"
            + "0,,cpu-migrations,376461,100.00,0.000,/sec\n";
    /** `perf stat -x, -o F -e instructions:u,cycles:u,... -- true` on the VM: exit 0, every line not supported. */
    private static final String HARDWARE_NOT_SUPPORTED_CSV = "# started on Tue Dec  1 08:08:48 2026\n\n"
            + "<not supported>,,instructions:u,0,100.00,,\n"
            + "<not supported>,,cycles:u,0,100.00,,\n"
            + "<not supported>,,branch-misses:u,0,100.00,,\n"
            + "<not supported>,,L1-icache-load-misses,0,100.00,,\n"
            + "<not supported>,,iTLB-load-misses,0,100.00,,\n";
    /** `perf record -q -e cycles:u -j any,u -- true` on the VM: exit 255. */
    private static final Run NO_LBR = new Run(255,
            "Error:\ncpu-clock:uH: PMU Hardware or event type doesn't support branch stack sampling.\n");

    static Path fixture(String name) throws Exception {
        return Path.of(PerfDiagnosisTest.class.getResource("/measure/" + name).toURI());
    }

    private static Observation observed(List<StatRun> software, List<StatRun> hardware, Run sampling, Run branches) {
        return new Observation(Optional.of(PERF), VERSION, software, hardware, sampling, branches, false, PARANOID_2);
    }

    private static List<StatRun> softwareOk() {
        return List.of(new StatRun(PerfEvents.SOFTWARE, OK, SOFTWARE_CSV));
    }

    @Test
    void vmWithoutPmuCountsSoftwareEventsOnly() {
        PerfSupport s = PerfDiagnosis.decide(observed(softwareOk(),
                List.of(new StatRun(PerfEvents.HARDWARE, OK, HARDWARE_NOT_SUPPORTED_CSV)), OK, NO_LBR));
        assertThat(s.perfUsable()).isTrue();
        assertThat(s.version()).isEqualTo("perf version 6.1.192");
        assertThat(s.software()).containsOnlyKeys(PerfEvents.SOFTWARE).doesNotContainValue(EventStatus.NOT_SUPPORTED);
        // perf prints the cache events without the :u it was given: still matched to the request
        assertThat(s.hardware().keySet()).containsExactlyElementsOf(PerfEvents.HARDWARE);
        assertThat(s.hardware()).allSatisfy((e, st) -> assertThat(st).isEqualTo(EventStatus.NOT_SUPPORTED));
        assertThat(s.hardwareCounters()).isFalse();
        assertThat(s.supportedEvents()).containsExactlyElementsOf(PerfEvents.SOFTWARE);
        assertThat(s.hardwareUnavailableReason()).get().asString()
                .startsWith("hardware performance counters are not available here: instructions:u <not supported>, cycles:u")
                .contains("the kernel exposes no CPU PMU (none in /sys/bus/event_source/devices)")
                .endsWith("use --deterministic (valgrind) for instruction counts");
        assertThat(s.canSample()).isTrue();
        assertThat(s.branchRecords()).isFalse();
        assertThat(s.failure()).isEmpty();
        assertThat(s.describe()).startsWith("perf: perf version 6.1.192\n  hardware: instructions:u=<not supported>");
    }

    @Test
    void countedAndNotCountedHardwareEvents() {
        // constructed in perf's layout: a PMU that counts instructions but could not schedule cycles
        String csv = "5432198,,instructions:u,2310000,100.00,,\n<not counted>,,cycles:u,0,0.00,,\n";
        PerfSupport s = PerfDiagnosis.decide(observed(softwareOk(),
                List.of(new StatRun(List.of("instructions:u", "cycles:u"), OK, csv)), OK, OK));
        assertThat(s.hardware()).containsExactly(entry("instructions:u", EventStatus.SUPPORTED),
                entry("cycles:u", EventStatus.NOT_COUNTED));
        assertThat(s.hardwareCounters()).isTrue();
        assertThat(s.hardwareUnavailableReason()).isEmpty();
        assertThat(s.branchRecords()).isTrue();
    }

    @Test
    void perfMissingFromPathIsExplainedForEveryUse() {
        PerfSupport s = PerfDiagnosis.decide(new Observation(Optional.empty(), Run.NOT_RUN, List.of(), List.of(),
                Run.NOT_RUN, Run.NOT_RUN, false, PARANOID_2));
        assertThat(s.installed()).isFalse();
        assertThat(s.problem()).contains("perf is not installed (Debian: apt-get install -y linux-perf;"
                + " Ubuntu: apt-get install -y linux-tools-common linux-tools-$(uname -r))");
        assertThat(s.samplingProblem()).get().asString().startsWith("perf is not installed (or not on PATH): ")
                .endsWith("; Debian: apt-get install -y linux-perf");
        assertThat(s.branchRecords()).isFalse();
        assertThat(s.hardwareCounters()).isFalse();
    }

    @Test
    void paranoidLevelTooHighStopsEveryProbe() throws Exception {
        // real stderr of `perf stat -a` as an unprivileged user (at paranoid 2 there); this machine reads 3
        String denied = Files.readString(fixture("perf-paranoid-error.txt"));
        Observation o = new Observation(Optional.of(PERF), VERSION,
                List.of(new StatRun(PerfEvents.SOFTWARE, new Run(255, denied), "")), List.of(),
                new Run(255, denied), new Run(255, denied), false, Optional.of("3"));
        PerfSupport s = PerfDiagnosis.decide(o);
        assertThat(s.perfUsable()).isFalse();
        assertThat(s.problem()).get().asString()
                .startsWith("perf is not permitted to open performance counters (kernel.perf_event_paranoid = 3;");
        assertThat(s.hardware()).isEmpty();
        assertThat(s.failure()).isEqualTo(denied.lines().filter(l -> !l.isBlank()).findFirst().orElseThrow().strip());
        assertThat(s.samplingProblem()).get().asString().startsWith("perf record -e cpu-clock failed (exit 255): ")
                .contains("; kernel.perf_event_paranoid=3 (sampling another process needs <= 1");
        assertThat(s.branchRecords()).isFalse();
    }

    @Test
    void perfNotBuiltForTheKernelFailsAtVersion() {
        // Ubuntu's /usr/bin/perf wrapper on a kernel without its linux-tools package (text from Ubuntu 24.04)
        Run version = new Run(2, "WARNING: perf not found for kernel 6.8.0-1\n\n"
                + "  You may need to install the following packages for this specific kernel:\n"
                + "    linux-tools-6.8.0-1-generic\n");
        PerfSupport s = PerfDiagnosis.decide(new Observation(Optional.of(PERF), version, List.of(), List.of(),
                Run.NOT_RUN, Run.NOT_RUN, false, PARANOID_2));
        assertThat(s.installed()).isTrue();
        assertThat(s.version()).isEmpty();
        assertThat(s.problem()).get().asString().startsWith(
                "perf is installed but not built for the running kernel: WARNING: perf not found for kernel 6.8.0-1 (Debian:");
        assertThat(s.failure()).isEqualTo("WARNING: perf not found for kernel 6.8.0-1");
        assertThat(s.samplingProblem()).contains("perf is not installed (or not on PATH): "
                + "WARNING: perf not found for kernel 6.8.0-1; Debian: apt-get install -y linux-perf");
    }

    @Test
    void anUnknownEventNameIsFoundByProbingOneByOne() {
        List<String> events = List.of("task-clock", "bogus-event");
        Run syntax = new Run(129, "event syntax error: 'bogus-event'\n                          \\___ parser error\n"
                + "Run 'perf list' for a list of valid events\n");
        StatRun group = new StatRun(events, syntax, "");
        assertThat(PerfDiagnosis.oneByOne(group)).isTrue();
        List<StatRun> runs = List.of(group,
                new StatRun(List.of("task-clock"), OK, "0.38,msec,task-clock,376461,100.00,0.519,CPUs utilized\n"),
                new StatRun(List.of("bogus-event"), syntax, ""));
        Map<String, EventStatus> into = new java.util.LinkedHashMap<>();
        assertThat(PerfDiagnosis.eventStatuses(runs, into, PARANOID_2)).isEmpty();
        assertThat(into).containsExactly(entry("task-clock", EventStatus.SUPPORTED),
                entry("bogus-event", EventStatus.UNKNOWN_EVENT));
        assertThat(PerfDiagnosis.oneByOne(runs.get(2))).isFalse();
    }

    @Test
    void hybridCpuEventIsSupportedWhenOneCoreTypeCounted() {
        // constructed in perf's layout: the command ran on the P-cores only
        String csv = "3001200,,cpu_core/instructions/u,1500000,100.00,,\n<not counted>,,cpu_atom/instructions/u,0,0.00,,\n";
        Map<String, EventStatus> into = new java.util.LinkedHashMap<>();
        PerfDiagnosis.eventStatuses(List.of(new StatRun(List.of("instructions:u"), OK, csv)), into, PARANOID_2);
        assertThat(into).containsExactly(entry("instructions:u", EventStatus.SUPPORTED));
    }

    @Test
    void permissionErrorsGetAClearReason() throws Exception {
        // real stderr of `perf stat -a` as an unprivileged user at perf_event_paranoid=2
        String stderr = Files.readString(fixture("perf-paranoid-error.txt"));
        assertThat(PerfDiagnosis.classifyFailure(new Run(255, stderr), PARANOID_2))
                .startsWith("perf is not permitted to open performance counters (kernel.perf_event_paranoid = 2; ")
                .contains("CAP_PERFMON").contains("sysctl kernel.perf_event_paranoid=1");
        assertThat(PerfDiagnosis.classifyFailure(new Run(1, "Error:\nThe sys_perf_event_open() syscall returned with 38 (Function not implemented) for event (task-clock)."), PARANOID_2))
                .contains("ENOSYS");
        assertThat(PerfDiagnosis.classifyFailure(new Run(2, "WARNING: perf not found for kernel 6.8.0-1\n\n  You may need to install ..."), PARANOID_2))
                .contains("not built for the running kernel");
        assertThat(PerfDiagnosis.classifyFailure(new Run(129, "something else"), PARANOID_2)).isEqualTo("perf stat failed (exit 129):\n  something else");
    }

}
