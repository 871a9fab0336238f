package io.pgolab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.bench.BenchResults;
import io.pgolab.bench.Potential;
import io.pgolab.report.json.JsonExporter;
import io.pgolab.report.json.ResultsDocument;
import io.pgolab.report.text.BenchMarkdown;
import io.pgolab.report.text.BenchText;
import io.pgolab.util.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A kernel-bound server's PGO potential says what a gain in its own code is worth in total, in the reports and the JSON. */
class PotentialWorthTest {
    static Map<String, Potential> kernelBound() {
        Map<String, Potential> p = new LinkedHashMap<>();
        p.put("release", new Potential(20.1, 4.8, 75.1, 2488, "own code 20.1%, libraries 4.8%, kernel 75.1% of the server's CPU"));
        p.put("pgo", new Potential(61.5, 20.3, 18.2, 4012, "own code 61.5%, libraries 20.3%, kernel 18.2%"));
        p.put("idle", new Potential(0, 0, 0, 0, "no CPU samples recorded"));
        return p;
    }

    @Test
    void ownCodeUnderHalfOfTheCpuGetsItsWorthInTheTotal() {
        Map<String, PotentialWorth> w = PotentialWorth.of(kernelBound());
        assertThat(w).containsOnlyKeys("release");
        PotentialWorth r = w.get("release");
        assertThat(r.ownPercent()).isEqualTo(20.1);
        assertThat(r.kernelPercent()).isEqualTo(75.1);
        assertThat(r.assumedOwnGainPercent()).isEqualTo(20.0);
        assertThat(r.totalPercent()).isCloseTo(4.02, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.text()).isEqualTo("own code 20% of the CPU (kernel 75%): a 20% gain there is 4.0% of the total");
        assertThat(PotentialWorth.suffix("release", kernelBound())).startsWith(" — own code 20% of the CPU");
        assertThat(PotentialWorth.suffix("pgo", kernelBound())).isEmpty();
        assertThat(PotentialWorth.of(null)).isEmpty();
    }

    @Test
    void theTerminalMarkdownAndJsonCarryIt() throws Exception {
        BenchResults b = Fixtures.bench();
        BenchResults r = b.withPotential("server", kernelBound());
        List<String> gated = r.gated();
        assertThat(BenchText.render(r, gated)).contains("PGO potential of release: own code 20.1%, libraries 4.8%, kernel"
                + " 75.1% of the server's CPU — own code 20% of the CPU (kernel 75%): a 20% gain there is 4.0% of the total");
        assertThat(BenchMarkdown.render(r, gated)).contains("a 20% gain there is 4.0% of the total");

        ResultsDocument.BenchBody body = JsonExporter.bench(r);
        ResultsDocument.Workload server = body.workloads().get(1);
        assertThat(server.pgoPotentialWorth()).containsOnlyKeys("release");
        var json = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(server));
        var worth = json.get("pgo_potential_worth").get("release");
        assertThat(worth.get("own_percent").asDouble()).isEqualTo(20.1);
        assertThat(worth.get("total_percent").asDouble()).isCloseTo(4.02, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(worth.get("assumed_own_gain_percent").asDouble()).isEqualTo(20.0);
        assertThat(worth.get("text").asText()).contains("4.0% of the total");
        // The loop workload has no potential: neither key is written.
        var loop = Json.MAPPER.readTree(Json.MAPPER.writeValueAsString(body.workloads().get(0)));
        assertThat(loop.has("pgo_potential_worth")).isFalse();
        assertThat(loop.has("pgo_potential_explanations")).isFalse();
    }
}
