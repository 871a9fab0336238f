package io.pgolab.report.json;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.pgolab.util.Required;
import java.util.List;
import java.util.Map;

/**
 * The merged file of 'pgolab merge' (pgolab-merge/1): the verdict over all hosts, then each host's gate and workloads
 * as written. Written by {@code files.MergeReport}, read by {@link ResultsReader#readMerge}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record MergeDocument(String schema, String pgolabVersion, String createdAt,
                            @Required ResultsDocument.CommitEntry base,
                            @Required ResultsDocument.CommitEntry candidate, boolean passed, String summary,
                            @Required List<String> differences, @Required(nonEmpty = true) List<HostEntry> hosts) {
    public static final String SCHEMA = "pgolab-merge/1";

    /** One host: its gate and workloads as its gate file had them. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record HostEntry(@Required String host, @Required String file, Map<String, Object> environment,
                            @Required ResultsDocument.GateBody gate,
                            @Required List<ResultsDocument.Workload> workloads) {
    }
}
