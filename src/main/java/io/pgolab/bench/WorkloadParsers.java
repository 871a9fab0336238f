package io.pgolab.bench;

import io.pgolab.UserError;
import io.pgolab.config.MetricSpec;
import io.pgolab.config.WorkloadSpec;
import io.pgolab.parse.OutputParser;
import io.pgolab.parse.Parsers;
import io.pgolab.parse.RedisBenchmarkParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The parser a [[bench]] entry asks for: a built-in one, its [[bench.metric]] extractors, or both. */
public final class WorkloadParsers {
    private WorkloadParsers() {
    }

    public static Optional<OutputParser> of(WorkloadSpec w) {
        List<OutputParser> parts = new ArrayList<>();
        if (w.parser().isPresent()) {
            try {
                String name = w.parser().get();
                // redis-benchmark prints no request count: read -n from the command for per-operation figures.
                // For a service, the load generator is among the clients, not the server command.
                String invocation = w.service().map(s -> String.join("; ", s.clients())).orElse(w.command());
                parts.add(name.equals("redis-benchmark") ? RedisBenchmarkParser.forCommand(invocation) : Parsers.byName(name, w.time()));
            } catch (UserError e) {
                throw new UserError("[[bench]] '" + w.name() + "' (line " + w.line() + "): " + e.getMessage(), e.hint());
            }
        }
        if (!w.metrics().isEmpty()) {
            List<Parsers.MetricSpec> specs = new ArrayList<>();
            for (MetricSpec m : w.metrics()) {
                specs.add(new Parsers.MetricSpec(m.name(), m.regex().orElse(null), m.jsonPointer().orElse(null), m.unit(),
                        m.higherIsBetter() ? "higher" : "lower", m.scale()));
            }
            parts.add(Parsers.fromMetrics(specs));
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(Parsers.combine(parts));
    }
}
