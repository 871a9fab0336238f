package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.measure.CampaignSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --flamegraph as bench, ladder, gate and demo ask for it: decided before any project file or perf is touched. */
class FlamegraphsTest {
    private final BenchResults measured = new BenchResults("pgolab bench: t", CampaignSettings.defaults(), true, List.of());

    @Test
    void withDeterministicItIsAUserError() {
        assertThatThrownBy(() -> Flamegraphs.addIfAsked(true, true, null, measured, List.of(), List.of()))
                .isInstanceOf(UserError.class)
                .hasMessage("--flamegraph records real runs; it cannot be combined with --deterministic");
    }

    @Test
    void notAskedTheResultsAreLeftAsTheyAre() {
        assertThat(Flamegraphs.addIfAsked(false, true, null, measured, List.of(), List.of())).isSameAs(measured);
        assertThat(Flamegraphs.addIfAsked(false, false, null, measured, List.of(), List.of())).isSameAs(measured);
    }
}
