package io.pgolab.report.files;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.pgolab.UserError;
import io.pgolab.Version;
import io.pgolab.report.Md;
import io.pgolab.report.json.MergeDocument;
import io.pgolab.report.json.ResultsDocument;
import io.pgolab.report.json.ResultsReader;
import io.pgolab.report.json.ReportDocs;
import io.pgolab.report.text.GateReport;
import io.pgolab.report.text.GateSections;
import io.pgolab.util.Json;
import io.pgolab.util.UserFile;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** pgolab merge's outputs: the terminal, Markdown for the job summary or PR comment, and the merged JSON. */
public final class MergeReport {
    private MergeReport() {
    }

    /** Prints the terminal report, then writes the files asked for (null: not asked), each in one piece. */
    public static void export(Merge.Merged m, Path workDir, Path json, Path markdown, PrintStream terminal) {
        export(m, workDir, json, markdown, Map.of(), terminal);
    }

    /**
     * The same; links: each host's HTML report by its label (--link LABEL=URL), linked from that host's section with
     * each of its differential flamegraphs.
     */
    public static void export(Merge.Merged m, Path workDir, Path json, Path markdown, Map<String, String> links,
                              PrintStream terminal) {
        if (UserFile.isStdout(json) && UserFile.isStdout(markdown)) {
            throw new UserError("--json and --markdown are both '-' (stdout)", "write one of them to a file");
        }
        // a file on stdout gets stdout to itself: the terminal report goes to stderr
        PrintStream shown = UserFile.isStdout(json) || UserFile.isStdout(markdown) ? System.err : terminal;
        shown.print(text(m));
        shown.flush();
        if (markdown != null) {
            Exports.write(UserFile.resolve(workDir, markdown), markdown(m, links));
        }
        if (json != null) {
            // streamed: the merged file holds every host's samples, too many for one String at times
            Exports.write(UserFile.resolve(workDir, json), out -> Json.MAPPER.writer()
                    .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, document(m)));
        }
    }

    /** --link LABEL=URL checked: a label of a merged host, an http(s) address; else a UserError naming the fix. */
    public static Map<String, String> links(Merge.Merged m, Map<String, String> given) {
        List<String> labels = m.hosts().stream().map(Merge.Host::label).toList();
        given.forEach((label, url) -> {
            if (!labels.contains(label)) {
                throw new UserError("--link " + label + "=...: no merged host is labelled '" + label + "'",
                        "hosts merged: " + String.join(", ", labels) + " (their --host-label)");
            }
            if (!url.matches("https?://\\S+")) {
                throw new UserError("--link " + label + "=" + url + ": not an http(s) address",
                        "give the address a reader opens, e.g. the artifact-url output of actions/upload-artifact");
            }
        });
        return Map.copyOf(given);
    }

    static String text(Merge.Merged m) {
        StringBuilder s = new StringBuilder();
        for (Merge.Host h : m.hosts()) {
            s.append("\n== ").append(h.label()).append(" (").append(ResultsReader.shown(h.file())).append(")\n");
            s.append(GateReport.text(h.gate(), h.workloads()));
        }
        m.differences().forEach(d -> s.append("warning: merged with --force although ").append(d).append('\n'));
        s.append('\n').append(m.summary()).append('\n');
        return s.toString();
    }

    static String markdown(Merge.Merged m) {
        return markdown(m, Map.of());
    }

    static String markdown(Merge.Merged m, Map<String, String> links) {
        StringBuilder s = new StringBuilder();
        s.append(Md.text(m.summary())).append("\n\n");
        m.differences().forEach(d -> s.append("> ⚠️ merged with --force although ").append(Md.text(d)).append("\n\n"));
        for (Merge.Host h : m.hosts()) {
            s.append("### ").append(Md.text(h.label())).append("\n\n");
            s.append(h.gate().passed() ? "✅ " : "❌ ").append(Md.text(h.gate().summary())).append("\n\n");
            GateSections.View own = GateSections.View.of(ReportDocs.bench(h.doc()));
            GateSections.View view = new GateSections.View(own.capSeconds(), own.maxRounds(),
                    Optional.ofNullable(links.get(h.label())), 4);
            s.append(GateReport.tables(h.gate(), h.workloads(), view)).append('\n');
        }
        ResultsDocument.GateBody g = m.first();
        s.append(String.format("<sub>Candidate %s (%s) against base %s (%s); value: the candidate's median, change"
                        + " [95%% CI] (Hodges-Lehmann, paired rounds), each host on its own samples; generated by pgolab.</sub>%n",
                Md.code(GateReport.shortSha(g.candidate())), Md.text(g.candidate().ref()), Md.code(GateReport.shortSha(g.base())),
                Md.text(g.base().ref())));
        return s.toString();
    }

    static String json(Merge.Merged m) {
        try {
            return Json.MAPPER.writeValueAsString(document(m));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static MergeDocument document(Merge.Merged m) {
        List<MergeDocument.HostEntry> hosts = m.hosts().stream().map(h -> new MergeDocument.HostEntry(h.label(), h.file().toAbsolutePath().toString(),
                h.doc().envelope().environment(), h.gate(), h.workloads())).toList();
        MergeDocument d = new MergeDocument(MergeDocument.SCHEMA, Version.get(), Instant.now().toString(),
                m.first().base(), m.first().candidate(), m.passed(), m.summary(), m.differences(), hosts);
        return d;
    }
}
