package io.pgolab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The documented defaults (README, docs/benchmarks.md, --help), and defaults() built from them. */
class MeasureDefaultsTest {
    @Test
    void theDocumentedDefaults() {
        assertThat(MeasureDefaults.MAX_TIME_TEXT).isEqualTo("300s");
        assertThat(MeasureDefaults.TARGET_CI_PERCENT_TEXT).isEqualTo("0.5");
        assertThat(MeasureDefaults.MIN_EFFECT_PERCENT_TEXT).isEqualTo("1.0");
        assertThat(MeasureDefaults.WARMUP_ROUNDS_TEXT).isEqualTo("1");
        assertThat(MeasureDefaults.MIN_ROUNDS_TEXT).isEqualTo("6");
        assertThat(MeasureDefaults.MAX_ROUNDS_TEXT).isEqualTo("10000");
        assertThat(MeasureDefaults.SEED_TEXT).isEqualTo("20261130");
        assertThat(MeasureDefaults.minEffect()).isEqualTo(0.01);
    }

    @Test
    void campaignSettingsDefaultsAreTheseDefaults() {
        CampaignSettings d = CampaignSettings.defaults();
        assertThat(d.maxTime()).isEqualTo(Duration.ofSeconds(300));
        assertThat(d.targetHalfWidthPercent()).isEqualTo(0.5);
        assertThat(d.warmupRounds()).isEqualTo(1);
        assertThat(d.minRounds()).isEqualTo(6).isEqualTo(CampaignSettings.DEFAULT_MIN_ROUNDS);
        assertThat(d.maxRounds()).isEqualTo(10_000);
        assertThat(d.seed()).isEqualTo(20261130L);
        assertThat(d.runTimeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(d.primaryMetrics()).isEqualTo(List.of(MetricInfo.CPU_TIME));
        assertThat(d.cpu()).isEqualTo(CampaignSettings.lastCpu());
    }
}
