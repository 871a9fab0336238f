package io.pgolab.report.text;

import io.pgolab.profile.ProfileRecord;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.ProfileSummary;
import io.pgolab.util.Strings;
import java.nio.file.Path;
import java.util.List;

/** Renders a profile summary: coverage, hottest functions, staleness, compiler diagnostics. */
final class ProfileReport {
    private ProfileReport() {
    }

    public static String text(ProfileRecord rec, ProfileSummary s, boolean stale, List<BuiltArtifact> optimized) {
        return text(rec, s, stale, optimized, "");
    }

    /** staleChanges: the files that changed since the instrumented build read them ("" when unknown). */
    public static String text(ProfileRecord rec, ProfileSummary s, boolean stale, List<BuiltArtifact> optimized,
                              String staleChanges) {
        StringBuilder b = new StringBuilder();
        b.append("profile   ").append(Path.of(rec.profile()).getFileName()).append(" (")
                .append(Strings.humanBytes(s.bytes())).append(") from ").append(rec.workloads().size())
                .append(" workload(s): ");
        b.append(String.join(", ", rec.workloads().stream().map(ProfileRecord.WorkloadRun::name).toList())).append('\n');
        b.append(TrainingMix.lines(rec));
        if (s.sampled()) {
            b.append(String.format("samples   %d CPU samples in %.1fs of profiled time; %d functions have samples%n",
                    s.totalCount(), s.profiledSeconds().getAsDouble(), s.functionsWithCounts()));
        } else {
            b.append(String.format("coverage  %d of %d instrumented functions have counts (%.0f%%)%n",
                    s.functionsWithCounts(), s.functionsInstrumented(), s.coveragePercent()));
        }
        if (!s.hottest().isEmpty()) {
            b.append(s.sampled() ? "hottest functions (share of all samples, own time):\n"
                    : "hottest functions (share of all counts):\n");
            for (ProfileSummary.HotFunction f : s.hottest()) {
                b.append(String.format("  %6.2f%%  %s%n", 100 * f.share(), displayName(f.shown())));
            }
        }
        if (!rec.dropped().isEmpty()) {
            b.append("dropped at merge: ").append(String.join("; ", rec.dropped())).append('\n');
        }
        if (stale) {
            b.append(staleChanges.isEmpty()
                    ? "STALE     sources, flags, toolchain or [[train]] workloads changed since this profile was recorded;"
                    + " run 'pgolab train'\n"
                    : "STALE     files the instrumented build read changed since this profile was recorded (" + staleChanges
                    + "); run 'pgolab train'\n");
        }
        if (s.sampled()) {
            return sampledTail(b, optimized);
        }
        int mismatched = 0;
        int missing = 0;
        for (BuiltArtifact a : optimized) {
            b.append(String.format("build %-8s %d mismatched, %d missing (compiler warnings; log %s)%n",
                    a.variant(), a.profileMismatched(), a.profileMissing(), a.buildLog()));
            mismatched = Math.max(mismatched, a.profileMismatched());
            missing = Math.max(missing, a.profileMissing());
        }
        b.append(String.format("summary   profile covers %.0f%% of functions", s.coveragePercent()));
        if (optimized.isEmpty()) {
            b.append("; no optimized build with this profile yet (run 'pgolab build' for mismatch counts)\n");
        } else {
            b.append(String.format("; %d mismatched; %d missing%n", mismatched, missing));
        }
        return b.toString();
    }

    /** Sampled profiles (go): the compiler says nothing about stale profiles; show what proves use instead. */
    private static String sampledTail(StringBuilder b, List<BuiltArtifact> optimized) {
        for (BuiltArtifact a : optimized) {
            b.append(String.format("build %-8s %s%n", a.variant(),
                    a.profileCheck().isEmpty() ? "(no proof of profile use recorded)" : a.profileCheck()));
        }
        b.append("summary   the Go compiler gives no stale-profile warnings; pgolab marks a profile stale from its"
                + " source fingerprint");
        b.append(optimized.isEmpty() ? "; no optimized build with this profile yet\n" : "\n");
        return b.toString();
    }

    /** "run_vm (demo.c)" for clang's "path/demo.c;run_vm" names of file-local functions. */
    static String displayName(String name) {
        int semi = name.lastIndexOf(';');
        if (semi < 0) {
            return name;
        }
        return name.substring(semi + 1) + " (" + Path.of(name.substring(0, semi)).getFileName() + ")";
    }
}
