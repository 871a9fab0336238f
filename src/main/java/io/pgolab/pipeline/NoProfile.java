package io.pgolab.pipeline;

import io.pgolab.UserError;
import io.pgolab.config.Durations;
import io.pgolab.config.ServiceSpec;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.store.ArtifactStore;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.workload.Service;
import io.pgolab.workload.ServiceRun;
import io.pgolab.workload.Signals;
import java.nio.file.Path;
import java.time.Duration;

/** A training run whose program under test wrote no profile: how its process ended, and how to fix it. */
final class NoProfile {
    private NoProfile() {
    }

    /** A role under test wrote no profile: how its process ended, and how to fix it. */
    static UserError of(Toolchain toolchain, ArtifactStore store, WorkloadSpec w, ServiceSpec spec, ServiceRun.Result r,
                        String role, Path raw) {
        Service.Stopped st = r.processes().get(role);
        if (st == null) {   // the clients are the program under test
            return new UserError("training workload '" + w.name() + "': the clients ('" + role + "') wrote no profile"
                    + " (nothing in " + RoleProfiles.dir(w, raw, role) + ")",
                    toolchain.noProfileHint() + ". Check that the clients run {binary} and exit normally");
        }
        var p = spec.processes().stream().filter(x -> x.role().equals(role)).findFirst().orElseThrow();
        String who = spec.named() ? "the '" + role + "' process" : "the server";
        return new UserError("training workload '" + w.name() + "': " + who + " wrote no profile ("
                + howItEnded(st, p.stopSignal(), p.stopGrace()) + ")\n  last lines of its output:\n    "
                + (role.equals(r.mainRole()) ? r.serverTail() : "(see " + store.logs().resolve("train-" + w.name() + "-"
                + role + ".log") + ")").replace("\n", "\n    "),
                toolchain.serverNoProfileHint(p.stopSignal()).orElseGet(() -> noProfileHint(st, p.stopSignal())));
    }

    static String howItEnded(Service.Stopped stopped, String signal, Duration grace) {
        var m = stopped.measurement();
        if (stopped.killedAfterGrace()) {
            return "it did not exit within " + Durations.format(grace) + " of " + signal
                    + " and was killed with SIGKILL, which writes no profile";
        }
        if (m.signal() != 0) {
            return "it was ended by " + Signals.name(m.signal()) + " without exiting normally, so its exit handlers"
                    + " (which write the profile) never ran";
        }
        return "it exited with status " + m.exitCode() + " after " + signal
                + ", but through a path that skips exit handlers (_exit, abort, exec?)";
    }

    static String noProfileHint(Service.Stopped stopped, String signal) {
        return "make the server exit normally (return from main or exit()) on " + signal
                + ": handle the signal and shut down cleanly, or set stop_signal to one it already handles"
                + (stopped.killedAfterGrace() ? ", and raise stop_grace if shutdown is slow" : "")
                + ". Alternatives: clang's continuous mode (cflags += -mllvm -runtime-counter-relocation, and %c in"
                + " LLVM_PROFILE_FILE) keeps the profile on disk as the server runs; or call __llvm_profile_write_file()"
                + " (clang) / __gcov_dump() (gcc) from the shutdown path or periodically";
    }
}
