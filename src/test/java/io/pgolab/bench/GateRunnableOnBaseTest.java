package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.config.Config;
import io.pgolab.config.ConfigLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A pull request that adds a suite: its workload is not run against a base whose build does not make the suite. */
class GateRunnableOnBaseTest {
    static final Config CONFIG = ConfigLoader.parse(Path.of(System.getProperty("java.io.tmpdir")).resolve("pgolab.toml"), """
            [project]
            name = "demo"
            [toolchain]
            kind = "clang"
            [build]
            command = "make"
            artifact = "{builddir}/app"
            artifacts = { suite = "{builddir}/suite" }
            [[train]]
            command = "{binary} small"
            [[bench]]
            name = "big"
            command = "{binary} big"
            [[bench]]
            name = "micro"
            command = "{artifact:suite}"
            parser = "go-test"
            """);

    @Test
    void aWorkloadRunningAnArtifactTheBaseDoesNotBuildIsLeftOutAndSaid() {
        List<String> notes = new ArrayList<>();
        assertThat(Gate.runnableOnBase(CONFIG.bench(), List.of(), Set.of(), notes)).containsExactly("big");
        assertThat(notes).singleElement().asString().contains("workload 'micro' was not measured: it runs"
                + " {artifact:suite}, which the base's build does not make");
        List<String> none = new ArrayList<>();
        assertThat(Gate.runnableOnBase(CONFIG.bench(), List.of(), Set.of("suite"), none)).containsExactly("big", "micro");
        assertThat(none).isEmpty();
        assertThatThrownBy(() -> Gate.runnableOnBase(CONFIG.bench(), List.of("micro"), Set.of(), new ArrayList<>()))
                .isInstanceOf(UserError.class).hasMessageContaining("no [[bench]] workload can run on the base");
        // a name that is no workload is left to the selection, which names the closest one
        assertThat(Gate.runnableOnBase(CONFIG.bench(), List.of("bgi"), Set.of(), new ArrayList<>())).containsExactly("bgi");
    }
}
