package io.pgolab.profile;

import static org.assertj.core.api.Assertions.assertThat;

import io.pgolab.toolchain.FunctionCounts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The share of a profile's counts in functions a binary still has by name. */
class SymbolMatchTest {
    private static final FunctionCounts COUNTS = new FunctionCounts(Map.of(
            "rg.ebe1e3ff3fd16f0b-cgu.06;_ZN5serde3ser13serialize_str17h6ea3b826bb5af3e1E", 70L,
            "_ZN3std2io5Write9write_all17h7907c6004d45d033E", 20L,
            "hot.c;cold_path", 10L), FunctionCounts.BLOCK_COUNTS);

    @Test
    void namesAreMatchedWithoutTheirFileOrCodegenUnitPrefix() {
        assertThat(SymbolMatch.share(COUNTS, List.of("_ZN5serde3ser13serialize_str17h6ea3b826bb5af3e1E", "cold_path",
                "main"))).isEqualTo(0.8);
    }

    @Test
    void aNewRustReleaseWithOtherSymbolHashesMatchesNothing() {
        assertThat(SymbolMatch.share(COUNTS, List.of("_ZN5serde3ser13serialize_str17h68b869cd3c61e38eE",
                "_ZN3std2io5Write9write_all17hcdfcf7110dd371d0E"))).isZero();
    }

    @Test
    void lostIsRelativeToTheMatchAtExport() {
        assertThat(SymbolMatch.lost(0.8, 0.8)).isZero();
        assertThat(SymbolMatch.lost(0.8, 0.2)).isEqualTo(0.75);
        assertThat(SymbolMatch.lost(0.5, 0.6)).isZero();   // more matched than at export: not stale
        assertThat(SymbolMatch.lost(-1, 0.5)).isEqualTo(-1);
        assertThat(SymbolMatch.lost(0.5, -1)).isEqualTo(-1);
        assertThat(SymbolMatch.share(new FunctionCounts(Map.of("f", 0L), FunctionCounts.BLOCK_COUNTS), List.of("f")))
                .isEqualTo(-1);
    }
}
