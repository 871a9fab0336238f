package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** [[train]] share and base: ranges, share beside weight, shares on all entries or none, at most 1 per profile set. */
class TrainSharesConfigTest {
    @TempDir
    Path dir;

    /** Line 14 holds the first entry's keys; the second entry's [[train]] line follows them after a blank line. */
    static String config(String first, String second) {
        return """
                [project]
                variants = ["release", "pgo"]

                [toolchain]
                kind = "gcc"

                [build]
                command = "make CC={cc} CFLAGS='{cflags}' LDFLAGS='{ldflags}'"
                artifact = "{builddir}/app"

                [[train]]
                name = "suite"
                command = "{binary} --self-test"
                %s

                [[train]]
                name = "mine"
                command = "{binary} input.txt"
                %s
                """.formatted(first, second);
    }

    Config parse(String text) {
        return ConfigLoader.parse(dir.resolve("pgolab.toml"), text);
    }

    @Test
    void sharesAndBaseAreRead() {
        Config c = parse(config("share = 0.25\nbase = true", "share = 0.75"));
        assertThat(c.train().get(0).share()).isEqualTo(0.25);
        assertThat(c.train().get(0).base()).isTrue();
        assertThat(c.train().get(1).share()).isEqualTo(0.75);
        assertThat(c.train().get(1).base()).isFalse();
        assertThat(c.train().get(1).hasShare()).isTrue();
        // shares below 1 in total are allowed (they are scaled up to 1 at the merge)
        assertThat(parse(config("share = 0.1", "share = 0.2")).train()).hasSize(2);
        // no share: weights as before
        assertThat(parse(config("weight = 2", "")).train().get(0).hasShare()).isFalse();
    }

    @Test
    void aShareOutsideZeroToOneIsAnErrorAtItsLine() {
        assertThatThrownBy(() -> parse(config("share = 0", "share = 0.5")))
                .hasMessageContaining("pgolab.toml:14: key 'train.suite.share': must be between 0 (exclusive) and 1")
                .hasMessageContaining("fix: share = 0.5");
        assertThatThrownBy(() -> parse(config("share = 1.5", "share = 0.5")))
                .hasMessageContaining(":14: key 'train.suite.share': must be between 0 (exclusive) and 1");
        assertThatThrownBy(() -> parse(config("share = \"half\"", "share = 0.5")))
                .hasMessageContaining(":14: key 'train.suite.share': must be a number");
    }

    @Test
    void shareBesideWeightIsAnError() {
        assertThatThrownBy(() -> parse(config("share = 0.5\nweight = 3", "share = 0.5")))
                .hasMessageContaining("pgolab.toml:14: key 'train.suite.share': a workload takes 'weight' or 'share', not both")
                .hasMessageContaining("fix: remove weight (line 15)")
                .hasMessageNotContaining("Exception");
    }

    @Test
    void sharesOnSomeEntriesOnlyIsAnError() {
        assertThatThrownBy(() -> parse(config("share = 0.3\nbase = true", "weight = 2")))
                .hasMessageContaining("pgolab.toml:17: key 'train.mine.share': this [[train]] entry has no share, but"
                        + " 'suite' has one")
                .hasMessageContaining("fix: share = 0.2   (or remove share from the others and use weight)");
    }

    @Test
    void sharesAddingUpToMoreThanOneAreAnError() {
        assertThatThrownBy(() -> parse(config("share = 0.6", "share = 0.6")))
                .hasMessageContaining("pgolab.toml:16: key 'train.mine.share': the shares of 'suite', 'mine' add up to 1.2,"
                        + " more than the whole profile (1)")
                .hasMessageContaining("fix: lower them to add up to 1 at most");
        // each profile set on its own: two tags of 0.6 + 0.4 are fine, though all four add up to 2
        String tagged = config("share = 0.6\nprofile = \"a\"", "share = 0.4\nprofile = \"a\"")
                + "\n[[train]]\nname = \"b1\"\ncommand = \"{binary} b\"\nshare = 0.5\nprofile = \"b\"\n"
                + "\n[[train]]\nname = \"b2\"\ncommand = \"{binary} b\"\nshare = 0.5\nprofile = \"b\"\n";
        assertThat(parse(tagged).train()).hasSize(4);
    }

    @Test
    void baseMustBeABooleanAndIsForTrainingOnly() {
        assertThatThrownBy(() -> parse(config("base = \"yes\"", "")))
                .hasMessageContaining(":14: key 'train.suite.base': must be true or false");
        String bench = config("", "") + "\n[[bench]]\nname = \"b\"\ncommand = \"{binary} b\"\nbase = true\n";
        assertThatThrownBy(() -> parse(bench)).hasMessageContaining("base");
    }
}
