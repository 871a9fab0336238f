package io.pgolab.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The measured CPU and its clients' CPU come from pgolab's own CPU set, never from outside it. */
class MeasuredCpuTest {
    @Test
    void anUnrestrictedMachineMeasuresOnTheLastCpuWithClientsOnCpu0() {
        TreeSet<Integer> all = MeasuredCpu.allowedOrAll("0-3", 4);
        assertThat(all.last()).isEqualTo(3);
        assertThat(MeasuredCpu.clientFor(3, all)).isZero();
        TreeSet<Integer> two = MeasuredCpu.allowedOrAll("0-1", 2);
        assertThat(MeasuredCpu.clientFor(two.last(), two)).isZero();
    }

    @Test
    void underTasksetC0TheClientsStayOnCpu0() {
        // a shared 2-CPU machine whose CPU 1 is someone else's: the server and memtier both stay on CPU 0
        // (before: the clients went to CPU 1, outside pgolab's set)
        TreeSet<Integer> only0 = MeasuredCpu.allowedOrAll("0", 1);
        assertThat(only0.last()).isZero();
        assertThat(MeasuredCpu.clientFor(0, only0)).isZero();
    }

    @Test
    void underTasksetC1TheMeasuredCpuIs1Not0() {
        // availableProcessors() is 1 there, so "availableProcessors() - 1" pinned the measured runs to CPU 0
        TreeSet<Integer> only1 = MeasuredCpu.allowedOrAll("1", 1);
        assertThat(only1.last()).isEqualTo(1);
        assertThat(MeasuredCpu.clientFor(1, only1)).isEqualTo(1);
        TreeSet<Integer> some = MeasuredCpu.allowedOrAll("2-3,6", 3);
        assertThat(some.last()).isEqualTo(6);
        assertThat(MeasuredCpu.clientFor(6, some)).isEqualTo(2);
    }

    @Test
    void anUnreadableListFallsBackToTheCpusCounted() {
        assertThat(MeasuredCpu.allowedOrAll("", 2)).containsExactly(0, 1);
        assertThat(MeasuredCpu.allowedOrAll("garbage", 0)).containsExactly(0);
    }

    @Test
    void thisProcessMeasuresOnACpuOfItsOwnSet() {
        TreeSet<Integer> mine = MeasuredCpu.allowedOrAll(
                JvmPinning.allowed(java.nio.file.Path.of("/proc/self/status")).orElse(""), Runtime.getRuntime().availableProcessors());
        assertThat(mine).contains(MeasuredCpu.last(), MeasuredCpu.clientFor(MeasuredCpu.last()));
        assertThat(CampaignSettings.lastCpu()).isEqualTo(MeasuredCpu.last());
    }
}
