package io.pgolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

/** The AOT cache's extra training runs quietly and never fails, whatever it finds. */
class AotTrainingTest {
    @Test
    void runsWithoutOutputOrError() {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(printed));
            System.setErr(new PrintStream(printed));
            AotTraining.run();
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
        assertThat(printed.toString()).isEmpty();
    }

    @Test
    void offUnlessTheLauncherTrains() {
        assertThat(AotTraining.on()).isEqualTo("1".equals(System.getenv("PGOLAB_AOT_TRAINING")));
    }
}
