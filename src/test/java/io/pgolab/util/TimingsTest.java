package io.pgolab.util;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The launcher's times (bash's EPOCHREALTIME) as pgolab reads them. */
class TimingsTest {
    @Test
    void epochRealTimeInEitherDecimalSeparator() {
        assertThat(Timings.epochMs("1712345678.123456")).isEqualTo(1712345678123.456, org.assertj.core.data.Offset.offset(1e-3));
        assertThat(Timings.epochMs("1712345678,5")).isEqualTo(1712345678500.0, org.assertj.core.data.Offset.offset(1e-3));
    }

    @Test
    void absentOrGarbledIsNoTime() {
        assertThat(Timings.epochMs(null)).isNaN();
        assertThat(Timings.epochMs("")).isNaN();
        assertThat(Timings.epochMs("soon")).isNaN();
    }

    @Test
    void offByDefault() {
        assertThat(Timings.on()).isEqualTo("1".equals(System.getenv("PGOLAB_TIMINGS")));
    }
}
