package io.pgolab.process;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class MeasurementTest {
    private static final String LINE = "status=exited code=0 signal=0 wall_ns=1804654 user_us=822 sys_us=13"
            + " maxrss_kb=968 nvcsw=7 nivcsw=2 minflt=76 majflt=1 timed_out=0 exec_error=0 cpu_error=0 interrupted=0\n";

    @Test
    void parsesRunnerLine() {
        Measurement m = Measurement.parse(LINE);
        assertThat(m.exitCode()).isZero();
        assertThat(m.signal()).isZero();
        assertThat(m.timedOut()).isFalse();
        assertThat(m.wallSeconds()).isCloseTo(0.001804654, within(1e-12));
        assertThat(m.userSeconds()).isCloseTo(0.000822, within(1e-12));
        assertThat(m.sysSeconds()).isCloseTo(0.000013, within(1e-12));
        assertThat(m.cpuSeconds()).isCloseTo(0.000835, within(1e-12));
        assertThat(m.maxRssKb()).isEqualTo(968);
        assertThat(m.voluntaryCtxSwitches()).isEqualTo(7);
        assertThat(m.involuntaryCtxSwitches()).isEqualTo(2);
        assertThat(m.minorFaults()).isEqualTo(76);
        assertThat(m.majorFaults()).isEqualTo(1);
        assertThat(m.succeeded()).isTrue();
        assertThat(m.outcome()).isEqualTo("exited with 0");
    }

    @Test
    void firstOutputIsReadWhenPresentAndMinusOneOtherwise() {
        assertThat(Measurement.parse(LINE).firstOutputSeconds()).isEqualTo(-1);
        assertThat(Measurement.parse(LINE.strip() + " first_output_ns=-1").firstOutputSeconds()).isEqualTo(-1);
        assertThat(Measurement.parse(LINE.strip() + " first_output_ns=250000000").firstOutputSeconds()).isEqualTo(0.25);
        Measurement m = new Measurement(0, 0, false, 1, 0.5, 0.1, 1, 1, 1, 1, 1, 0.125);
        assertThat(Measurement.parse(m.toLine())).isEqualTo(m);
    }

    @Test
    void roundTripsThroughRunnerFormat() {
        Measurement m = new Measurement(139, 11, true, 12.345678901, 3.25, 0.5, 123456, 10, 20, 30, 40);
        String line = m.toLine();
        assertThat(line).startsWith("status=signaled code=139 signal=11 wall_ns=12345678901 user_us=3250000 sys_us=500000");
        assertThat(Measurement.parse(line)).isEqualTo(m);
        assertThat(Measurement.parse(Measurement.parse(LINE).toLine())).isEqualTo(Measurement.parse(LINE));
    }

    @Test
    void failureKinds() {
        assertThat(Measurement.parse(LINE.replace("code=0", "code=3")).succeeded()).isFalse();
        Measurement killed = Measurement.parse(LINE.replace("status=exited code=0 signal=0", "status=signaled code=139 signal=11"));
        assertThat(killed.succeeded()).isFalse();
        assertThat(killed.outcome()).isEqualTo("killed by signal 11");
        Measurement timedOut = Measurement.parse(LINE.replace("timed_out=0", "timed_out=1"));
        assertThat(timedOut.succeeded()).isFalse();
        assertThat(timedOut.outcome()).startsWith("timed out");
    }

    @Test
    void ignoresUnknownKeysAndExtraWhitespace() {
        Measurement m = Measurement.parse("  future_key=abc " + LINE.replace(" ", "  ") + " other=1 ");
        assertThat(m).isEqualTo(Measurement.parse(LINE));
        assertThat(Measurement.fields(LINE)).containsEntry("exec_error", "0").containsEntry("status", "exited");
    }

    @Test
    void rejectsMalformedLines() {
        assertThatThrownBy(() -> Measurement.parse("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Measurement.parse(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Measurement.parse(LINE.replace(" wall_ns=1804654", "")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("wall_ns");
        assertThatThrownBy(() -> Measurement.parse(LINE.replace("nvcsw=7", "nvcsw=x")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nvcsw");
        assertThatThrownBy(() -> Measurement.parse(LINE.replace("status=exited", "status=weird")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Measurement.parse("garbage " + LINE)).isInstanceOf(IllegalArgumentException.class);
    }
}
