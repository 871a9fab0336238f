package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.measure.CampaignSettings;
import io.pgolab.measure.Subject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A primary metric a command without a parser cannot have is refused before any round runs. */
class PrimaryCheckTest {
    private static final BenchWorkload COMPARE = new BenchWorkload("compare", "true", List.of(
            new Subject("a", List.of("true"), Path.of("."), Map.of(), Optional.empty()),
            new Subject("b", List.of("true"), Path.of("."), Map.of(), Optional.empty())));

    @Test
    void aTypoIsRefusedWithTheClosestName() {
        CampaignSettings s = CampaignSettings.defaults().withPrimary(List.of("wal_time"));
        assertThatThrownBy(() -> BenchEngine.checkPrimaryBeforeMeasuring(COMPARE, s, List.of()))
                .hasMessageContaining("primary metric 'wal_time' of workload 'compare' is not measured")
                .satisfies(e -> org.assertj.core.api.Assertions.assertThat(((io.pgolab.UserError) e).hint())
                        .contains("did you mean 'wall_time'?"));
    }

    @Test
    void builtInMetricsAndFirstOutputPass() {
        CampaignSettings s = CampaignSettings.defaults().withPrimary(List.of("wall_time", "first_output_time", "max_rss"));
        assertThatCode(() -> BenchEngine.checkPrimaryBeforeMeasuring(COMPARE, s, List.of())).doesNotThrowAnyException();
    }
}
