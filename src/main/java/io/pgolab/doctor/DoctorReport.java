package io.pgolab.doctor;

import io.pgolab.config.Variant;
import io.pgolab.toolchain.llvm.ClangInstall;
import io.pgolab.toolchain.detect.Installs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Turns what doctor found ({@link DoctorFacts}) into the report: sections, readiness, exit code. Pure. */
public final class DoctorReport {
    private DoctorReport() {
    }

    public static Doctor.Report assemble(DoctorFacts f) {
        Installs in = f.installs();
        List<Doctor.Section> sections = new ArrayList<>();
        for (ClangInstall c : in.clangs()) {
            sections.add(new Doctor.Section("clang " + c.major(),
                    PartialTrainingCheck.with(CompilerChecks.clang(c), PartialTrainingCheck.clang())));
        }
        if (in.clangs().isEmpty()) {
            sections.add(new Doctor.Section("clang", List.of(DoctorCheck.info("clang", "no clang installed",
                    "apt-get install -y clang-19 llvm-19 lld-19 libclang-rt-19-dev"))));
        }
        sections.add(new Doctor.Section(in.gcc().map(g -> "gcc " + g.major()).orElse("gcc"),
                in.gcc().map(g -> PartialTrainingCheck.with(CompilerChecks.gcc(g), PartialTrainingCheck.gcc(g))).orElse(List.of(
                        DoctorCheck.info("gcc", "not installed", "apt-get install -y gcc g++")))));
        sections.add(new Doctor.Section("go", in.go().isEmpty() ? GoDoctor.checks(in.go())
                : PartialTrainingCheck.with(GoDoctor.checks(in.go()), PartialTrainingCheck.go())));
        sections.add(new Doctor.Section("other LLVM tools", CompilerChecks.otherLlvm(in)));
        sections.add(new Doctor.Section("rust (cargo)", in.rust().isEmpty() ? DoctorRust.checks(in.rust(), in.rustProblem())
                : PartialTrainingCheck.with(DoctorRust.checks(in.rust(), in.rustProblem()), PartialTrainingCheck.cargo())));
        sections.add(new Doctor.Section("perf and measurement", f.host().measurement()));
        sections.add(new Doctor.Section("JDKs", f.host().jdks()));
        sections.add(new Doctor.Section("optional tools", f.host().optionalTools()));
        sections.add(new Doctor.Section("steps by toolchain", StepsDoctor.checks()));

        List<ReadinessMatrix.Row> rows = ReadinessMatrix.machine(in);
        List<DoctorCheck> variantChecks = new ArrayList<>();
        for (ReadinessMatrix.Row r : rows) {
            variantChecks.add(variantCheck(r.subject(), r.readiness()));
        }
        variantChecks.add(CompilerChecks.bolt(in, f.host().hardwareCounters()));
        sections.add(new Doctor.Section("variants on this machine", variantChecks));

        List<Doctor.Readiness> configured = List.of();
        List<DoctorCheck> result = new ArrayList<>();
        int exit;
        if (f.configured().isPresent()) {
            ConfiguredToolchain c = f.configured().get();
            configured = ReadinessMatrix.configured(c, in);
            sections.add(new Doctor.Section("config " + c.file(), configChecks(c, configured)));
            List<Doctor.Readiness> bad = configured.stream().filter(r -> !r.buildable()).toList();
            // Variants missing the same pieces share one line.
            Map<List<String>, List<Doctor.Readiness>> byNeeds = new LinkedHashMap<>();
            for (Doctor.Readiness r : bad) {
                byNeeds.computeIfAbsent(List.of(String.join(", ", r.needs()), r.fix()), k -> new ArrayList<>()).add(r);
            }
            for (List<Doctor.Readiness> group : byNeeds.values()) {
                Doctor.Readiness r = group.get(0);
                String names = group.stream().map(Doctor.Readiness::variant).collect(Collectors.joining(", "));
                result.add(DoctorCheck.missing((group.size() == 1 ? "variant " : "variants ") + names,
                        "cannot be built with " + r.toolchain() + ": needs " + String.join(", ", r.needs()), r.fix()));
            }
            if (bad.isEmpty()) {
                result.add(DoctorCheck.ok("config", "all configured variants can be built ("
                        + configured.stream().map(Doctor.Readiness::variant).collect(Collectors.joining(", "))
                        + ") with " + configured.get(0).toolchain()));
            }
            exit = bad.isEmpty() ? 0 : 1;
        } else {
            result.add(DoctorCheck.info("config", "none at " + f.configFile() + "; checked this machine only", ""));
            List<String> able = ReadinessMatrix.releaseAndPgo(in);
            if (able.isEmpty()) {
                result.add(DoctorCheck.missing("toolchain", "no C toolchain here can build release and pgo",
                        ReadinessMatrix.noToolchainFix(in)));
                exit = 1;
            } else {
                result.add(DoctorCheck.ok("toolchain", String.join(" and ", able) + " can build release and pgo"));
                exit = 0;
            }
        }
        sections.add(new Doctor.Section("result", result));
        return new Doctor.Report(List.copyOf(sections), rows.stream().map(ReadinessMatrix.Row::readiness).toList(),
                List.copyOf(configured), f.configured().isPresent(), exit);
    }

    /** The config section: the toolchain detected (or its error), then one line per configured variant. */
    private static List<DoctorCheck> configChecks(ConfiguredToolchain c, List<Doctor.Readiness> configured) {
        List<DoctorCheck> checks = new ArrayList<>();
        if (c.detectError().isPresent()) {
            ConfiguredToolchain.Problem e = c.detectError().get();
            checks.add(DoctorCheck.missing("toolchain", c.asked() + ": " + e.message(), e.hint()));
            for (Variant v : c.variants()) {
                checks.add(DoctorCheck.missing("variant " + v, "no usable " + c.kind() + " (see toolchain)", ""));
            }
            return checks;
        }
        checks.add(DoctorCheck.ok("toolchain", c.asked() + ": " + c.description()));
        for (Doctor.Readiness r : configured) {
            checks.add(variantCheck("variant " + r.variant(), r));
        }
        return checks;
    }

    private static DoctorCheck variantCheck(String subject, Doctor.Readiness r) {
        return r.buildable() ? DoctorCheck.ok(subject, "can be built")
                : DoctorCheck.missing(subject, "needs " + String.join(", ", r.needs()), r.fix());
    }
}
