package io.pgolab.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The runner's report of escaped processes, as a warning. */
class LeftRunningTest {
    @Test
    void theReportBecomesOneWarningNamingPidsAndCommands() {
        String hex = java.util.HexFormat.of().formatHex("sleep 3000\u001b[2J".getBytes());
        var w = LeftRunning.warning(List.of("/bin/bash", "-c", "exec 2>&1\nprintf '%s\\n' '$ x'\nsetsid sleep 3000 &"),
                Map.of("escaped", "10", "escaped_list", "1234:" + hex + ",99:zz,55:"));
        assertThat(w).get().asString().startsWith("'setsid sleep 3000 &' left 10 processes running outside its process"
                + " group (pid 1234 'sleep 3000\\e[2J', pid 55, and 8 more): stopped them");
        assertThat(LeftRunning.warning(List.of("true"), Map.of("escaped", "0"))).isEmpty();
        assertThat(LeftRunning.warning(List.of("true"), Map.of())).isEmpty();
    }
}
