package io.pgolab.config;

import java.nio.file.Path;
import java.util.Optional;

/**
 * [project] profile, profile_max_stale and profile_max_commits: a stored profile (written by
 * 'pgolab profile export') that the profile-guided variants are built from instead of training, and
 * when it is too stale to use (then pgolab retrains, or fails when there is no [[train]] workload).
 *
 * @param file        the stored profile, absolute (empty: train as usual, unless 'build --profile' gives one)
 * @param maxStale    largest share (0..1) of the profile's functions the compiler may find mismatched or missing
 * @param maxCommits  largest number of commits since the profile's commit (empty: no limit)
 */
public record StoredProfileSpec(Optional<Path> file, double maxStale, Optional<Integer> maxCommits) {
    /** Half the functions without usable data is a profile that mostly no longer applies. */
    public static final double DEFAULT_MAX_STALE = 0.5;
    public static final StoredProfileSpec NONE = new StoredProfileSpec(Optional.empty(), DEFAULT_MAX_STALE, Optional.empty());

    /** The same limits for another file (build --profile FILE). */
    public StoredProfileSpec withFile(Path f) {
        return new StoredProfileSpec(Optional.of(f), maxStale, maxCommits);
    }

    /** Reads the three keys of [project]; problems are reported with their line. */
    static StoredProfileSpec read(TableReader project, Path configDir, ConfigProblems problems) {
        Optional<Path> file = project.optString("profile").filter(s -> !s.isBlank())
                .map(s -> configDir.resolve(s).normalize());
        if (project.has("profile") && file.isEmpty() && project.optString("profile").isPresent()) {
            problems.add(project.line("profile"), "project.profile", "must not be empty",
                    "profile = \"pgo/app.pgolab-profile\"   # a file written by 'pgolab profile export'");
        }
        double maxStale = DEFAULT_MAX_STALE;
        if (project.has("profile_max_stale")) {
            Optional<Double> share = project.optString("profile_max_stale").flatMap(StoredProfileSpec::percent);
            if (share.isEmpty()) {
                problems.add(project.line("profile_max_stale"), "project.profile_max_stale",
                        "must be a percentage from 0% to 100%", "profile_max_stale = \"20%\"");
            } else {
                maxStale = share.get();
            }
        }
        Optional<Integer> maxCommits = Optional.empty();
        if (project.has("profile_max_commits")) {
            double n = project.number("profile_max_commits", -1);
            if (n < 0 || n != Math.rint(n)) {
                problems.add(project.line("profile_max_commits"), "project.profile_max_commits",
                        "must be a whole number of commits, 0 or more", "profile_max_commits = 50");
            } else {
                maxCommits = Optional.of((int) n);
            }
        }
        return new StoredProfileSpec(file, maxStale, maxCommits);
    }

    /** "20%" → 0.2; empty when it is not a percentage from 0 to 100. */
    static Optional<Double> percent(String text) {
        String t = text.strip();
        if (!t.endsWith("%")) {
            return Optional.empty();
        }
        try {
            double v = Double.parseDouble(t.substring(0, t.length() - 1).strip());
            return v >= 0 && v <= 100 ? Optional.of(v / 100) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
