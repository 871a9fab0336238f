package io.pgolab.report.text;

import io.pgolab.pipeline.BoltReport;
import io.pgolab.pipeline.BoltStage;
import io.pgolab.pipeline.PipelineOutcome;
import io.pgolab.profile.ProfileRecord;
import io.pgolab.report.BuildCost;
import io.pgolab.store.BuildResult;
import io.pgolab.store.BuiltArtifact;
import io.pgolab.toolchain.elf.ElfLayout;
import io.pgolab.toolchain.llvm.UntrainedGuard;
import io.pgolab.util.Strings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a build cost: per-variant build time (wall, and CPU of its processes) and size, training time, and PGO's
 * extra build time (in CPU, with wall beside, when every build's CPU was recorded).
 */
final class BuildReport {
    private BuildReport() {
    }

    public static String text(PipelineOutcome o) {
        StringBuilder s = new StringBuilder();
        List<BuildResult> rows = new ArrayList<>(o.builds());
        o.instrumented().ifPresent(i -> rows.add(i));
        // Variants that share a cs round (pgo+lto+cs+mfs and pgo+lto+cs+bolt) share its instrumented build: one row.
        Map<String, BuildResult> rounds = new LinkedHashMap<>();
        o.csRounds().values().forEach(c -> rounds.putIfAbsent(c.instrumented().artifact().variant(), c.instrumented()));
        rows.addAll(rounds.values());
        int width = Math.max(14, rows.stream().mapToInt(r -> r.artifact().variant().length()).max().orElse(0));
        String col = "%-" + width + "s";
        s.append(String.format(col + " %10s %10s %12s  %s%n", "variant", "build", "CPU", "binary", "profile use"));
        for (BuildResult r : rows) {
            BuiltArtifact a = r.artifact();
            String counts = a.profileMismatched() + " mismatched, " + a.profileMissing() + " missing";
            String prof = a.phase().equals("optimize") && a.profileCheck().startsWith(UntrainedGuard.CHECK)
                    ? counts + "; " + a.profileCheck()
                    : a.phase().equals("optimize") && !a.profileCheck().isEmpty() ? a.profileCheck()
                    : a.phase().equals("optimize") ? counts
                    : a.phase().equals("instrument") ? "(writes profiles)"
                    : a.phase().equals("cs_instrument") ? "(reads the profile, writes context-sensitive profiles)"
                    : a.phase().equals("bolt") ? BoltStage.report(a).map(BuildReport::boltNote).orElse("BOLT") : "-";
            s.append(String.format(col + " %9.1fs %10s %12s  %s%s%n", a.variant(), a.buildSeconds(),
                    a.cpuSeconds().map(c -> String.format("%.1fs", c)).orElse("-"),
                    Strings.humanBytes(a.binaryBytes()), prof, r.cached() ? "  [cached]" : ""));
            if (!r.audit().isEmpty()) {
                s.append(String.format(col + " %s%n", "", r.audit()));
            }
        }
        s.append(boltSizeNotes(rows.stream().map(BuildResult::artifact).toList()));
        o.profiles().forEach((set, p) -> {
            ProfileRecord.StoredUse st = p.stored();
            if (st != null && st.retrained().isEmpty()) {
                s.append(String.format("%s stored profile %s (%s, commit %s, %s); not trained%n",
                        set.isEmpty() ? "profile:" : "profile @" + set + ":", Path.of(st.file()).getFileName(),
                        st.sha256().substring(0, 12), st.gitCommit().isEmpty() ? "unknown"
                                : st.gitCommit().substring(0, Math.min(12, st.gitCommit().length())),
                        st.commitsSince() < 0 ? "commits since: unknown" : st.commitsSince() + " commit(s) since"));
                return;
            }
            if (st != null) {
                s.append("stored profile " + Path.of(st.file()).getFileName() + " not used: " + st.retrained()
                        + System.lineSeparator());
            }
            s.append(set.isEmpty() ? "training:" : "training @" + set + ":");
            for (ProfileRecord.WorkloadRun w : p.workloads()) {
                s.append(String.format(" %s %.2fs", w.name(), w.wallSeconds()));
            }
            s.append(String.format("; merge %.2fs; profile %s (%s)%n", p.mergeSeconds(),
                    Path.of(p.profile()).getFileName(), Strings.humanBytes(p.bytes())));
            s.append(TrainingMix.lines(p).replaceAll("(?m)^", "  "));
        });
        Optional<Double> cpu = BuildCost.pgoExtraCpuSeconds(o);
        BuildCost.pgoExtraSeconds(o).ifPresent(x -> s.append(cpu.isPresent() ? String.format(
                "PGO build cost: %.1fs CPU %s than release (wall %.1fs %s; instrumented build + training + merge +"
                        + " optimized build)%n", Math.abs(cpu.get()), cpu.get() < 0 ? "less" : "more", Math.abs(x),
                x < 0 ? "less" : "more") : String.format(
                "PGO build cost: %.1fs %s than release (instrumented build + training + merge + optimized build)%n",
                Math.abs(x), x < 0 ? "less" : "more")));
        return s.toString();
    }

    /**
     * Why a BOLT variant's binary is larger, one line per BOLT variant whose file is mostly alignment padding
     * ({@link ElfLayout}); empty when none is.
     */
    static String boltSizeNotes(List<BuiltArtifact> built) {
        StringBuilder s = new StringBuilder();
        for (BuiltArtifact a : built) {
            if (a.phase().equals(BuiltArtifact.BOLT_PHASE)) {
                ElfLayout.read(Path.of(a.binary())).flatMap(BuildReport::paddingNote)
                        .ifPresent(n -> s.append(a.variant()).append(": ").append(n).append('\n'));
            }
        }
        return s.toString();
    }

    /** "6.0 MiB, of which 6.0 MiB is zero padding: ...", when padding is most of the file (and at least 256 KiB). */
    static Optional<String> paddingNote(ElfLayout l) {
        if (l.paddingBytes() < 256 * 1024 || l.paddingBytes() * 2 < l.fileBytes()) {
            return Optional.empty();
        }
        return Optional.of("the binary is " + Strings.humanBytes(l.fileBytes()) + ", of which "
                + Strings.humanBytes(l.paddingBytes()) + " is zero padding and " + Strings.humanBytes(l.sectionBytes())
                + " code and data: BOLT writes the code it rewrote to a new text segment aligned to 2 MiB for huge"
                + " pages (the padding is sparse on disk; -use-old-text cannot reuse an old .text this small, and"
                + " -no-huge-pages in [bolt] options drops the alignment; see docs/troubleshooting.md)");
    }

    static String boltNote(BoltReport b) {
        return "BOLT (" + b.mode() + "): " + b.coverage() + (b.skipped().isEmpty() ? ""
                : "; skipped " + String.join(", ", b.skipped()));
    }
}
