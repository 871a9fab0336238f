package io.pgolab.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {checkout}: the config's directory in the user's checkout, also from a gate's worktree (which holds committed files only). */
class CheckoutPlaceholderTest {
    @TempDir
    Path tmp;

    @Test
    void checkoutIsTheConfigsDirectoryUnlessAGateSetsTheUsersCheckout() throws Exception {
        Path f = tmp.resolve("p/pgolab.toml");
        Files.createDirectories(f.getParent());
        Files.writeString(f, """
                [project]
                name = "p"
                variants = ["release"]
                [toolchain]
                kind = "clang"
                [build]
                command = "make"
                artifact = "out/p"
                [[bench]]
                name = "big"
                command = "{binary} {checkout}/bench-data/big.txt"
                """);
        Config c = ConfigLoader.load(f);
        WorkloadSpec w = c.bench().get(0);
        assertThat(c.workloadCommand(w, "/b/p")).isEqualTo("/b/p " + f.getParent() + "/bench-data/big.txt");
        Path user = tmp.resolve("my checkout");
        assertThat(c.withCheckout(user).workloadCommand(w, "/b/p")).isEqualTo("/b/p '" + user + "'/bench-data/big.txt");
    }
}
