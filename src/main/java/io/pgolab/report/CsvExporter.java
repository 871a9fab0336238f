package io.pgolab.report;

/** Every raw sample of the measurements: workload,subject,round,position,metric,value. */
final class CsvExporter implements Exporter {
    @Override
    public String render(Results r) {
        return r.bench() == null ? "" : BenchCsv.render(r.bench());
    }
}
