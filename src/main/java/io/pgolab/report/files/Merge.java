package io.pgolab.report.files;

import io.pgolab.UserError;
import io.pgolab.report.json.ResultsDocument;
import io.pgolab.report.json.ResultsReader;
import io.pgolab.report.text.GateReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Gate results of several machines as one report (pgolab merge): one section per host, each host's samples and
 * verdicts as that host decided them (never pooled: two machines' times are not samples of one distribution), and one
 * verdict that passes only when every host passed. Results of other commits, another config file or another pgolab
 * version are refused unless forced, and then the report says what differed.
 */
public final class Merge {
    /** One host's results file. */
    public record Host(Path file, ResultsDocument doc) {
        public ResultsDocument.GateBody gate() {
            return doc.gate();
        }

        public String label() {
            return gate().host();
        }

        public List<ResultsDocument.Workload> workloads() {
            return doc.measurements() == null || doc.measurements().workloads() == null ? List.of()
                    : doc.measurements().workloads();
        }
    }

    /** differences: what differed between the files and was merged anyway (--force). */
    public record Merged(List<Host> hosts, List<String> differences) {
        public boolean passed() {
            return hosts.stream().allMatch(h -> h.gate().passed());
        }

        public ResultsDocument.GateBody first() {
            return hosts.get(0).gate();
        }

        /** "Compared C with B on 2 hosts (x86, arm64): passed on every host; all 8 measures within bounds." */
        public String summary() {
            ResultsDocument.GateBody g = first();
            List<String> labels = hosts.stream().map(Host::label).toList();
            String head = "Compared " + GateReport.shortSha(g.candidate()) + " with " + GateReport.shortSha(g.base())
                    + " on " + hosts.size() + " host" + (hosts.size() == 1 ? "" : "s") + " (" + String.join(", ", labels)
                    + "): ";
            int measures = hosts.stream().mapToInt(h -> h.gate().measures().size()).sum();
            if (passed()) {
                int within = hosts.stream().mapToInt(h -> h.gate().measuresWithinBounds()).sum();
                long same = hosts.stream().filter(h -> h.gate().samePrograms() != null).count();
                String sameText = same == 0 ? "" : (same == hosts.size() ? "the same programs on every host, nothing measured"
                        : "the same programs on " + same + " of " + hosts.size() + " hosts (nothing measured there)");
                if (same == hosts.size()) {
                    return head + "passed on every host; " + sameText + ".";
                }
                return head + "passed on every host; " + (within == measures ? "all " + measures + " measures within bounds"
                        : within + " of " + measures + " measures within bounds, the others inconclusive and let pass")
                        + (sameText.isEmpty() ? "" : "; " + sameText) + ".";
            }
            List<String> failed = hosts.stream().filter(h -> !h.gate().passed()).map(h -> h.label() + " ("
                    + h.gate().measuresOutOfBounds() + " out of bounds, " + h.gate().measuresInconclusive()
                    + " inconclusive)").toList();
            return head + "failed on " + String.join(", ", failed) + ".";
        }
    }

    private Merge() {
    }

    public static Merged of(List<Path> files, boolean force) {
        if (files.isEmpty()) {
            throw new UserError("no results files to merge", "pgolab merge x86/gate.json arm64/gate.json");
        }
        List<Host> hosts = new ArrayList<>();
        for (Path f : files) {
            ResultsDocument d = ResultsReader.read(f);
            if (d.gate() == null) {
                throw new UserError(ResultsReader.shown(f) + " holds no gate results (it was written by another command)",
                        "merge combines the --json files of 'pgolab gate' runs on several machines");
            }
            hosts.add(new Host(f, RecordedVerdicts.verified(f, d)));
        }
        List<String> differences = new ArrayList<>();
        differ(hosts, "the candidate commit", h -> h.gate().candidate().commit(), differences);
        differ(hosts, "the base commit", h -> h.gate().base().commit(), differences);
        differ(hosts, "the config file", h -> h.gate().configPath(), differences);
        differ(hosts, "the gated variants", h -> String.join(",", h.gate().variants()), differences);
        differ(hosts, "the pgolab version", h -> h.doc().envelope().pgolabVersion(), differences);
        Map<String, Path> seen = new LinkedHashMap<>();
        for (Host h : hosts) {
            Path earlier = seen.putIfAbsent(h.label(), h.file());
            if (earlier != null) {
                differences.add("host '" + h.label() + "' twice (" + ResultsReader.shown(earlier) + " and "
                        + ResultsReader.shown(h.file()) + ")");
            }
        }
        if (!differences.isEmpty() && !force) {
            throw new UserError("these results cannot be merged: " + String.join("; ", differences),
                    "merge the results of one pull request's gate runs, one per machine (give each its own --host-label);"
                            + " --force merges them anyway and the report says what differed");
        }
        return new Merged(List.copyOf(hosts), List.copyOf(differences));
    }

    private static void differ(List<Host> hosts, String what, Function<Host, String> key, List<String> out) {
        String first = key.apply(hosts.get(0));
        for (Host h : hosts.subList(1, hosts.size())) {
            if (!Objects.equals(first, key.apply(h))) {
                out.add(what + " differs: " + first + " in " + ResultsReader.shown(hosts.get(0).file()) + ", " + key.apply(h) + " in "
                        + ResultsReader.shown(h.file()));
                return;
            }
        }
    }
}
