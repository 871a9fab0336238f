package io.pgolab.doctor;

import io.pgolab.config.Variant.Step;
import io.pgolab.toolchain.StepSupport;
import io.pgolab.toolchain.ToolchainKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Which optimization steps each toolchain kind offers, and why not where it does not (from StepSupport). */
final class StepsDoctor {
    private StepsDoctor() {
    }

    static List<DoctorCheck> checks() {
        List<DoctorCheck> out = new ArrayList<>();
        for (ToolchainKind k : ToolchainKind.values()) {
            String kind = k.id();
            List<String> offered = new ArrayList<>();
            List<String> not = new ArrayList<>();
            for (Step s : Step.values()) {
                Optional<String> why = StepSupport.missing(kind, s);
                if (why.isEmpty()) {
                    offered.add(s.id());
                } else if (s.jvm() == k.jvm()) {
                    not.add(s.id() + ": " + why.get());
                }
            }
            out.add(DoctorCheck.ok(kind, "release, " + String.join(", ", offered)));
            for (String n : not) {
                out.add(DoctorCheck.info(kind, "no " + n, ""));
            }
        }
        return out;
    }
}
