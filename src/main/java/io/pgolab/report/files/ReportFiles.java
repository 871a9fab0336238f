package io.pgolab.report.files;

import io.pgolab.UserError;
import io.pgolab.bench.Loss;
import io.pgolab.report.html.FlameFiles;
import io.pgolab.report.html.HtmlReport;
import io.pgolab.report.json.MergeDocument;
import io.pgolab.report.json.ReportDocs;
import io.pgolab.report.json.ResultsDocument;
import io.pgolab.report.json.ResultsReader;
import io.pgolab.util.UserFile;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * pgolab report: results files written earlier (bench, compare, ladder, demo, gate: pgolab-results/1; merge:
 * pgolab-merge/1) drawn again as HTML or Markdown, from their records alone; nothing is run.
 */
public final class ReportFiles {
    /** One file read: its records (a merge: one per host). */
    record Loaded(Path file, List<ResultsDocument> docs, Merge.Merged merged) {
    }

    private final List<Loaded> files;

    private ReportFiles(List<Loaded> files) {
        this.files = files;
    }

    public static ReportFiles read(List<Path> paths) {
        if (paths.isEmpty()) {
            throw new UserError("no results files given", "pgolab report results.json --html report.html");
        }
        List<Loaded> out = new ArrayList<>();
        for (Path p : paths) {
            out.add(load(p));
        }
        return new ReportFiles(out);
    }

    private static Loaded load(Path file) {
        String schema = ResultsReader.schema(file).orElse(null);
        if (!MergeDocument.SCHEMA.equals(schema)) {
            return new Loaded(file, List.of(RecordedVerdicts.verified(file, ResultsReader.read(file))), null);
        }
        MergeDocument m = ResultsReader.readMerge(file);
        List<ResultsDocument> docs = new ArrayList<>();
        List<Merge.Host> hosts = new ArrayList<>();
        for (MergeDocument.HostEntry h : m.hosts()) {
            ResultsDocument d = RecordedVerdicts.verified(file + " (host " + h.host() + ")", hostDocument(m, h));
            docs.add(d);
            hosts.add(new Merge.Host(Path.of(h.file()), d));
        }
        Merge.Merged merged = new Merge.Merged(List.copyOf(hosts), m.differences());
        if (merged.passed() != m.passed()) {
            throw new UserError(file + ": the recorded verdict of the merge disagrees with its hosts: it records passed: "
                    + m.passed() + ", but its hosts' gates give passed: " + merged.passed(),
                    "the file was edited or damaged after pgolab wrote it: run 'pgolab merge' again on the hosts' files");
        }
        return new Loaded(file, docs, merged);
    }

    /** A merged host as the results document its gate wrote (the samples and the gate; envelope: host, environment). */
    private static ResultsDocument hostDocument(MergeDocument m, MergeDocument.HostEntry h) {
        ResultsDocument.Envelope env = new ResultsDocument.Envelope(ResultsDocument.SCHEMA, m.pgolabVersion(), m.createdAt(),
                h.host(), null, null, null, null, h.environment());
        ResultsDocument.BenchBody body = new ResultsDocument.BenchBody(null, h.workloads(), List.of(), h.gate().summary(),
                h.gate().measuresOutOfBounds(), h.gate().microbench());
        return new ResultsDocument(env, null, null, null, null, null, null, null, null, null, null, null, body, null, h.gate(), null);
    }

    /** The page: one section per file (per host of a merge), the first file's verdict on top. */
    public String html() {
        List<HtmlReport.Section> sections = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        boolean several = files.size() > 1;
        for (Loaded f : files) {
            if (f.merged() != null) {
                f.merged().differences().forEach(d -> notes.add("merged with --force although " + d));
                for (ResultsDocument d : f.docs()) {
                    sections.add(new HtmlReport.Section(d.envelope().host(), d));
                }
            } else {
                sections.add(new HtmlReport.Section(several ? f.file().getFileName().toString() : null, f.docs().get(0)));
            }
        }
        Loaded first = files.get(0);
        if (first.merged() != null) {
            return HtmlReport.page("pgolab merge", first.merged().summary(), first.merged().passed(), sections, notes);
        }
        ResultsDocument d = first.docs().get(0);
        return HtmlReport.page(ReportDocs.title(d), ReportDocs.summary(d), ReportDocs.passed(d), sections, notes);
    }

    /** Markdown for an issue or PR, each file's report in turn. */
    public String markdown() {
        StringBuilder s = new StringBuilder();
        for (Loaded f : files) {
            s.append(f.merged() != null ? MergeReport.markdown(f.merged()) : DocMarkdown.render(f.docs().get(0))).append('\n');
        }
        return s.toString();
    }

    /** One line per file: what it is and its verdict. */
    public void summarize(PrintStream out) {
        for (Loaded f : files) {
            String what = f.merged() != null ? "merge of " + f.docs().size() + " hosts: " + f.merged().summary()
                    : ReportDocs.kind(f.docs().get(0)) + ": " + lead(f.docs().get(0)) + ReportDocs.summary(f.docs().get(0))
                    + ReportDocs.microbench(f.docs().get(0)).map(m -> " " + m).orElse("");
            out.println(ResultsReader.shown(f.file()) + " (" + what + ")");
        }
    }

    /** The first loss's headline when the file has losses, said before its verdict; "" otherwise. */
    private static String lead(ResultsDocument d) {
        List<Loss> losses = d.losses() == null ? List.of() : d.losses();
        return losses.isEmpty() ? "" : losses.get(0).headline() + (losses.size() == 1 ? "" : " (and "
                + (losses.size() - 1) + " more)") + "; ";
    }

    /** Writes the files asked for (null: not asked; "-": stdout), each whole; returns them. */
    public List<Path> write(Path workDir, Path html, Path markdown) {
        if (UserFile.isStdout(html) && UserFile.isStdout(markdown)) {
            throw new UserError("--html and --markdown are both '-' (stdout)", "write one of them to a file");
        }
        List<Path> written = new ArrayList<>();
        if (html != null) {
            Path page = UserFile.resolve(workDir, html);
            Exports.write(page, html());
            written.add(page);
            boolean several = files.size() > 1 || files.get(0).docs().size() > 1;
            for (Loaded f : files) {
                for (ResultsDocument d : f.docs()) {
                    if (UserFile.isStdout(page)) {
                        break;   // no name to put the SVGs beside; the page has them inline
                    }
                    // several files or hosts: each one's SVGs named after it (report.HOST.flame.W.V.svg), never overwritten
                    String prefix = !several ? "" : FlameFiles.safe(f.merged() != null ? d.envelope().host()
                            : f.file().getFileName().toString().replaceFirst("\\.json$", "")) + ".";
                    FlameFiles.of(d).forEach((suffix, svg) -> {
                        Path p = FlameFiles.beside(page, prefix + suffix);
                        Exports.write(p, svg);
                        written.add(p);
                    });
                }
            }
        }
        if (markdown != null) {
            Path md = UserFile.resolve(workDir, markdown);
            Exports.write(md, markdown());
            written.add(md);
        }
        return written;
    }
}
