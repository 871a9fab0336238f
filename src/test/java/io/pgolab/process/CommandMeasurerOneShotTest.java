package io.pgolab.process;

import org.junit.jupiter.api.BeforeAll;

/** {@link CommandMeasurerTest} again, with one runner process per run (PGOLAB_RUNNER_SERVER=0). */
class CommandMeasurerOneShotTest extends CommandMeasurerTest {
    @BeforeAll
    static void oneShot() {
        measurer = new CommandMeasurer(RunnerBinary.ensure(cache), CommandMeasurer.DEFAULT_GRACE, false);
    }
}
