package io.pgolab.profile;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.StoredProfileSpec;
import io.pgolab.process.Exec;
import io.pgolab.store.ArtifactStore;
import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.toolchain.ProfileData;
import io.pgolab.toolchain.Toolchain;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A stored profile opened for a build: checked (a pgolab profile, intact, of this toolchain kind and
 * a readable LLVM version), unpacked into .pgolab/profiles/stored/, and how stale it is for these
 * sources: commits since its commit, and the compiler's mismatched/missing counts once a
 * profile-guided variant was built from it. Decides when the profile is too stale to use
 * ([project] profile_max_stale, profile_max_commits).
 */
public final class StoredProfileUse {
    private final Path file;
    private final ProfileArchive.Opened opened;
    private final int commitsSince;
    private final StoredProfileSpec limits;

    StoredProfileUse(Path file, ProfileArchive.Opened opened, int commitsSince, StoredProfileSpec limits) {
        this.file = file;
        this.opened = opened;
        this.commitsSince = commitsSince;
        this.limits = limits;
    }

    /** Opens and checks the stored profile of limits.file() for this toolchain. */
    public static StoredProfileUse open(Config config, Toolchain toolchain, ArtifactStore store, StoredProfileSpec limits) {
        Path file = limits.file().orElseThrow();
        StoredProfile header = ProfileArchive.header(file);
        ProfileToolchains.problem(header.toolchain(), toolchain, file.toString()).ifPresent(e -> {
            throw e;
        });
        ProfileArchive.Opened opened = ProfileArchive.read(file, store.profiles().resolve("stored"));
        return new StoredProfileUse(file, opened, commitsSince(config.root(), header.gitCommit()), limits);
    }

    public StoredProfile header() {
        return opened.header();
    }

    public String profileSet() {
        return header().profileSet() == null ? "" : header().profileSet();
    }

    /** Commits from the profile's commit to HEAD in root: -1 when unknown (no commit recorded, not in this history, no git). */
    static int commitsSince(Path root, String commit) {
        if (commit == null || !commit.matches("[0-9a-f]{7,64}")) {
            return -1;
        }
        Exec.Result r = Exec.capture(null, null, Map.of(), List.of("git", "-C", root.toString(), "rev-list", "--count",
                commit + "..HEAD"), 30);
        if (!r.ok()) {
            return -1;
        }
        try {
            return Integer.parseInt(r.output().strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    public int commitsSince() {
        return commitsSince;
    }

    /** Why the profile is too old to build from before any build (profile_max_commits), if it is. */
    public Optional<String> tooOld() {
        if (limits.maxCommits().isPresent() && commitsSince > limits.maxCommits().get()) {
            return Optional.of("the stored profile " + file.getFileName() + " is " + commitsSince + " commits old (commit "
                    + header().shortCommit() + "), more than profile_max_commits = " + limits.maxCommits().get());
        }
        return Optional.empty();
    }

    /**
     * How much of the program an optimized build found without usable data, relative to what the profile
     * covers: min(1, (mismatched + missing) / functions in the profile), or -1 when the profile's function
     * count is unknown. The profile's count stands in for the program's, which is not known without an
     * instrumented build: a profile whose names no longer exist at all (a renamed file's static functions,
     * a Rust crate whose version and so its symbol hashes changed) counts every function as missing.
     */
    static double staleShare(BuildDiagnostics d, int functions) {
        if (functions <= 0) {
            return -1;
        }
        return Math.min(1.0, (double) (d.mismatched() + d.missing()) / functions);
    }

    /**
     * How stale the builds from the profile say it is: the larger of the compiler's share (staleShare) and
     * the share of the profile's counts in functions the new binary no longer has by name (lostCounts).
     */
    public double stale(BuildDiagnostics worst, double lostCounts) {
        return Math.max(staleShare(worst, functions()), lostCounts);
    }

    /** The share of the profile's counts the new binary lost by name, relative to the export (-1: unknown). */
    public double lostCounts(Toolchain toolchain, Path binary) {
        return SymbolMatch.lost(header().profile().symbolMatchOrUnknown(), SymbolMatch.of(toolchain, profile(), binary));
    }

    /** Why the builds from the profile say it is too stale (profile_max_stale), if they do. */
    public Optional<String> tooStale(BuildDiagnostics worst, double lostCounts) {
        double share = stale(worst, lostCounts);
        if (share > limits.maxStale()) {
            return Optional.of("the stored profile " + file.getFileName() + " is stale for these sources: "
                    + worst.mismatched() + " mismatched and " + worst.missing() + " missing of " + functions()
                    + " functions" + (lostCounts >= 0 ? ", " + percent(lostCounts) + " of its counts in functions no"
                    + " longer found" : "") + " (" + percent(share) + "), more than profile_max_stale = "
                    + percent(limits.maxStale()));
        }
        return Optional.empty();
    }

    /** The error when the profile is too stale and there is no [[train]] workload to make a fresh one. */
    public UserError cannotRetrain(String why, Path configFile) {
        return new UserError(why + ", and there is no [[train]] workload" + (profileSet().isEmpty() ? "" : " with profile = \""
                + profileSet() + "\"") + " in " + configFile + " to record a fresh one",
                "export a fresh profile where training runs ('pgolab profile export FILE'), or raise"
                        + " [project] profile_max_stale / profile_max_commits");
    }

    public int functions() {
        return header().profile().functions();
    }

    /** A profile record for the build: the stored profile's bytes, its training workloads (not run here). */
    public ProfileRecord record(BuildDiagnostics worst, double lostCounts, String retrained) {
        StoredProfile h = header();
        List<ProfileRecord.WorkloadRun> runs = h.training() == null ? List.of() : h.training().stream()
                .map(w -> new ProfileRecord.WorkloadRun(w.name(), w.command(), 0, 0, 0, 0, null)).toList();
        return new ProfileRecord("stored:" + h.profile().sha256(), "", "", opened.profile().path().toString(),
                h.profile().sha256(), opened.profile().bytes(), 0, runs, List.of(), h.createdAt(), profileSet(),
                use(worst, lostCounts, retrained), List.of());
    }

    public ProfileRecord.StoredUse use(BuildDiagnostics worst, double lostCounts, String retrained) {
        StoredProfile h = header();
        double share = worst == null ? -1 : stale(worst, lostCounts);
        return new ProfileRecord.StoredUse(file.toAbsolutePath().toString(), h.profile().sha256(),
                h.gitCommit() == null ? "" : h.gitCommit(), h.gitDirty(), h.createdAt(), commitsSince,
                worst == null ? -1 : worst.mismatched(), worst == null ? -1 : worst.missing(), functions(), share, retrained,
                lostCounts);
    }

    public ProfileData profile() {
        return opened.profile();
    }

    /** One line for the terminal: which profile, from which commit, how many commits ago. */
    public String describe() {
        StoredProfile h = header();
        return "stored profile " + file.getFileName() + " (" + h.profile().sha256().substring(0, 12) + ", commit "
                + h.shortCommit() + ", " + (commitsSince < 0 ? "commits since: unknown" : commitsSince + " commit(s) since")
                + ", made " + h.createdAt() + " with " + tools(h.toolchain()) + ")";
    }

    /** "clang 19.1.7, llvm-profdata 19": the versions without the paths. */
    static String tools(StoredProfile.Toolchain t) {
        if (t.versions() == null || t.versions().isEmpty()) {
            return t.kind();
        }
        List<String> parts = new ArrayList<>();
        t.versions().forEach((tool, v) -> {
            String version = ProfileKey.withoutPaths(v);
            parts.add(version.startsWith(tool + " ") ? version : tool + " " + version);   // cargo's says "cargo 1.95.0"
        });
        return String.join(", ", parts);
    }

    public static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }
}
