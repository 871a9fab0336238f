package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class VariantTest {
    @Test
    void parsesEverySpellingOfAKnownVariant() {
        assertThat(Variant.parse("release")).isSameAs(Variant.RELEASE);
        assertThat(Variant.parse(" LTO+PGO ")).isSameAs(Variant.PGO_LTO);
        assertThat(Variant.parse("bolt+lto+pgo")).isSameAs(Variant.PGO_LTO_BOLT);
        Variant tagged = Variant.parse("pgo+bolt@Server");
        assertThat(tagged.name()).isEqualTo("pgo+bolt@server");
        assertThat(tagged.profileSet()).isEqualTo("server");
        assertThat(tagged.baseName()).isEqualTo("pgo+bolt");
        assertThat(tagged.withoutBolt()).isEqualTo(Variant.PGO.withProfileSet("server"));
        assertThat(Variant.BOLT.withoutBolt()).isSameAs(Variant.RELEASE);
        assertThat(Variant.PGO_LTO_BOLT.withoutBolt()).isSameAs(Variant.PGO_LTO);
    }

    @Test
    void anUnknownNameGetsTheClosestKnownOneAndTheList() {
        assertThatThrownBy(() -> Variant.parse("pgo+lt")).isInstanceOf(UserError.class)
                .hasMessage("unknown variant 'pgo+lt'")
                .satisfies(e -> assertThat(((UserError) e).hint()).isEqualTo("did you mean 'pgo+lto'? known variants: "
                        + "release, lto, pgo, pgo+lto, bolt, pgo+bolt, pgo+lto+bolt, pgo+cs, pgo+lto+cs, pgo+mfs, pgo+order, cds,"
                        + " aot, native-pgo; steps combine in any order (pgo+lto+cs+mfs+order+bolt); a profile-guided"
                        + " variant can name a training profile: pgo@NAME; the layout check: relink-1, relink-2, ..."));
        // A misspelt base keeps its tag in the suggestion.
        assertThatThrownBy(() -> Variant.parse("pgo+lt@server"))
                .satisfies(e -> assertThat(((UserError) e).hint()).startsWith("did you mean 'pgo+lto@server'?"));
        // A tag on a variant without a profile, and a tag that is no profile name, say so.
        assertThatThrownBy(() -> Variant.parse("lto@server"))
                .satisfies(e -> assertThat(((UserError) e).hint()).startsWith("'lto' uses no profile, so it takes no @server;"));
        assertThatThrownBy(() -> Variant.parse("pgo@a b"))
                .satisfies(e -> assertThat(((UserError) e).hint()).startsWith("'a b' is not a usable profile name"));
        assertThatThrownBy(() -> Variant.parse("zzzzzzzz"))
                .satisfies(e -> assertThat(((UserError) e).hint()).startsWith("known variants: release,"));
    }

    @Test
    void stepsOnTopOfPgoComposeInAnyOrderUnderOneName() {
        assertThat(Variant.parse("cs+pgo")).isSameAs(Variant.PGO_CS);
        assertThat(Variant.parse("lto+cs+pgo")).isSameAs(Variant.PGO_LTO_CS);
        Variant all = Variant.parse("bolt+order+mfs+cs+lto+pgo@server");
        assertThat(all.name()).isEqualTo("pgo+lto+cs+mfs+order+bolt@server");
        assertThat(all.cs() && all.mfs() && all.order() && all.bolt() && all.lto() && all.pgo()).isTrue();
        assertThat(all.withoutBolt().name()).isEqualTo("pgo+lto+cs+mfs+order@server");
        assertThat(Variant.PGO_LTO_CS.without(Variant.Step.CS)).isSameAs(Variant.PGO_LTO);
        assertThat(Variant.parse("AOT")).isSameAs(Variant.AOT);
        assertThat(Variant.AOT.trained()).isTrue();
        assertThat(Variant.AOT.pgo()).isFalse();
        assertThat(Variant.parse("cds@cli").profileSet()).isEqualTo("cli");
    }

    @Test
    void stepsThatNeedPgoOrStandAloneSaySo() {
        assertThatThrownBy(() -> Variant.parse("lto+cs"))
                .satisfies(e -> assertThat(((UserError) e).hint()).startsWith("'cs' is a step on top of pgo (it reads the profile): pgo+cs;"));
        assertThatThrownBy(() -> Variant.parse("mfs"))
                .satisfies(e -> assertThat(((UserError) e).hint()).startsWith("'mfs' is a step on top of pgo"));
        assertThatThrownBy(() -> Variant.parse("aot+lto"))
                .satisfies(e -> assertThat(((UserError) e).hint()).startsWith("the JVM's steps (cds, aot, native-pgo) are variants of their own"));
        assertThatThrownBy(() -> Variant.parse("pgo+pgo")).isInstanceOf(UserError.class);
        assertThatThrownBy(() -> Variant.parse("pgo++lto")).isInstanceOf(UserError.class);
    }

    @Test
    void parseAllKeepsOrderAndRefusesAVariantNamedTwice() {
        assertThat(Variant.parseAll(List.of("pgo", "release", "pgo@server")))
                .containsExactly(Variant.PGO, Variant.RELEASE, Variant.PGO.withProfileSet("server"));
        assertThatThrownBy(() -> Variant.parseAll(List.of("release", "pgo+lto", "LTO+PGO")))
                .isInstanceOf(UserError.class)
                .hasMessage("variant 'pgo+lto' is named twice ('LTO+PGO' is the same variant)")
                .satisfies(e -> assertThat(((UserError) e).hint()).isEqualTo("name each variant once"));
    }

    @Test
    void relinkVariantsCarryTheirSeedAndNothingElse() {
        Variant v = Variant.parse("Relink-42");
        assertThat(v.name()).isEqualTo("relink-42");
        assertThat(v.layoutSeed()).isEqualTo(42);
        assertThat(v.relinked()).isTrue();
        assertThat(v.pgo() || v.lto() || v.bolt()).isFalse();
        assertThat(Variant.parse("relink-1")).isEqualTo(Variant.LAYOUT_PAIR.get(0)).isNotEqualTo(Variant.RELEASE);
        assertThat(Variant.RELEASE.relinked()).isFalse();
        for (String bad : List.of("relink-0", "relink-10000", "relink-01", "relink", "relink-x", "pgo+relink-1", "relink-1@server")) {
            assertThatThrownBy(() -> Variant.parse(bad)).as(bad).isInstanceOf(UserError.class)
                    .hasMessage("unknown variant '" + bad + "'")
                    .satisfies(e -> assertThat(((UserError) e).hint()).contains("relink-1 to relink-9999"));
        }
    }
}
