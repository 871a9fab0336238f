package io.pgolab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --workload NAME: which [[bench]] entries a bench or ladder runs. */
class ProjectWorkloadsTest {
    static final List<String> ALL = List.of("parse", "render", "startup");

    @Test
    void noNameMeansEveryWorkload() {
        assertThat(ProjectWorkloads.select(ALL, List.of(), "p.toml")).isEqualTo(ALL);
    }

    @Test
    void namedWorkloadsRunInConfigOrderOnce() {
        assertThat(ProjectWorkloads.select(ALL, List.of("startup", "parse", "startup"), "p.toml"))
                .containsExactly("parse", "startup");
    }

    @Test
    void aTypoSuggestsTheClosestName() {
        assertThatThrownBy(() -> ProjectWorkloads.select(ALL, List.of("rendr"), "/p/pgolab.toml"))
                .isInstanceOf(UserError.class)
                .hasMessage("there is no [[bench]] workload 'rendr' in /p/pgolab.toml")
                .satisfies(e -> assertThat(((UserError) e).hint())
                        .isEqualTo("did you mean 'render'? the [[bench]] workloads: parse, render, startup"));
        assertThatThrownBy(() -> ProjectWorkloads.select(ALL, List.of("zzzzzzzz"), "/p/pgolab.toml"))
                .satisfies(e -> assertThat(((UserError) e).hint()).isEqualTo("the [[bench]] workloads: parse, render, startup"));
    }
}
