package io.pgolab.report.text;

import io.pgolab.report.Exporter;
import io.pgolab.report.Results;

/** Every raw sample of the measurements: workload,subject,round,position,metric,value. */
public final class CsvExporter implements Exporter {
    @Override
    public String render(Results r) {
        return r.bench() == null ? "" : BenchCsv.render(r.bench());
    }
}
