package io.pgolab.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The command log as -v prints it: cargo's 0x1f-separated flags as readable words. */
class CommandLogTest {
    @Test
    void encodedRustflagsAreShownAsWordsAndOtherValuesQuoted() {
        List<String> seen = new ArrayList<>();
        CommandLog log = new CommandLog(seen::add);
        Map<String, String> env = new LinkedHashMap<>();
        env.put("CARGO_ENCODED_RUSTFLAGS", String.join("\u001f", "--cfg", "from env", "-Cprofile-use=/p/m.profdata"));
        env.put("LLVM_PROFILE_FILE", "/s/build-%p-%m.profraw");
        env.put("X", "a b");
        log.record(Path.of("/p"), env, List.of("cargo", "build"));
        assertThat(seen).containsExactly("(cd /p && CARGO_ENCODED_RUSTFLAGS=[--cfg 'from env' -Cprofile-use=/p/m.profdata]"
                + " LLVM_PROFILE_FILE=/s/build-%p-%m.profraw X='a b' cargo build)");
        assertThat(seen.get(0)).doesNotContain("\u001f");
        assertThat(CommandLog.shown("-Cone")).isEqualTo("-Cone");
    }
}
