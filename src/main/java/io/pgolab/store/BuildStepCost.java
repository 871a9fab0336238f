package io.pgolab.store;

import io.pgolab.workload.ShellRunner;

/** One step of a build (clean, configure, build) and what it cost: wall time, and CPU time of its process tree. */
public record BuildStepCost(String step, double wallSeconds, double cpuSeconds) {
    public static BuildStepCost of(String step, ShellRunner.Outcome o) {
        return new BuildStepCost(step, o.measurement().wallSeconds(), o.measurement().cpuSeconds());
    }
}
