package io.pgolab.pipeline;

import java.util.List;
import java.util.Map;

/** What BOLT did, kept beside the binary as bolt.json and shown in reports. */
public record BoltReport(String mode, List<String> skipped, String coverage, Map<String, long[]> dynoStats,
                         double profileSeconds, double optimizeSeconds, String tool) {
}
