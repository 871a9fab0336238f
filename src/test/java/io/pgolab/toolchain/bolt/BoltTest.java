package io.pgolab.toolchain.bolt;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Reading llvm-bolt 19's output (lines captured from real runs on computed-goto interpreters). */
class BoltTest {
    @Test
    void functionToSkipIsReadFromBoltsError() {
        assertThat(Bolt.functionToSkip("BOLT-ERROR: unable to get new address corresponding to input address 0x1270 in"
                + " function interp. Consider adding this function to --skip-funcs=...")).hasValue("interp");
        assertThat(Bolt.functionToSkip("BOLT-ERROR: unable to get new address corresponding to input address 0x29bb0 in"
                + " function luaV_execute/1(*2). Consider adding this function to --skip-funcs=...")).hasValue("luaV_execute/1");
        assertThat(Bolt.functionToSkip("BOLT-ERROR: something else")).isEmpty();
    }

    @Test
    void knownInputProblemsNameTheFix() {
        assertThat(Bolt.inputProblem("BOLT-ERROR: stripped binaries are not supported. If you know what you're doing, use"
                + " --allow-stripped to proceed", Path.of("/x/app"))).hasValueSatisfying(e ->
                assertThat(e.getMessage() + e.hint()).contains("stripped", "remove -s"));
        assertThat(Bolt.inputProblem("BOLT-ERROR: instrumentation runtime libraries require relocations",
                Path.of("/x/app"))).hasValueSatisfying(e -> assertThat(e.getMessage()).contains("without relocations"));
        assertThat(Bolt.inputProblem("BOLT-INFO: all good", Path.of("/x/app"))).isEmpty();
    }

    @Test
    void dynoStatsKeepBeforeAndAfter() {
        String out = """
                BOLT-INFO: program-wide dynostats after all optimizations before SCTC and FOP:

                                   5 : executed forward branches
                                   1 : taken forward branches
                                7697 : executed instructions

                                   5 : executed forward branches (=)
                                   0 : taken forward branches (-100.0%)
                                7695 : executed instructions (-0.0%)
                Using legacy profile format.
                """;
        var d = Bolt.dynoStats(out);
        assertThat(d.get("taken forward branches")).containsExactly(1, 0);
        assertThat(d.get("executed instructions")).containsExactly(7697, 7695);
        assertThat(d).hasSize(3);
    }
}
