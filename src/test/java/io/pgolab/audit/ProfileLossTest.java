package io.pgolab.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.pgolab.UserError;
import io.pgolab.toolchain.BuildDiagnostics;
import io.pgolab.util.Events;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When objects of a pgo build lost their profile: every one is an error, half or more a warning. */
class ProfileLossTest {
    private static BuildDiagnostics lost(String... files) {
        return new BuildDiagnostics(0, files.length * 2, List.of(), List.of(files));
    }

    @Test
    void everyObjectIsAnErrorNamingThemAndTheFix() {
        assertThatThrownBy(() -> ProfileLoss.check("pgo", lost("hot.c"), 1, Path.of("/l/build-pgo.log"), Events.SILENT))
                .isInstanceOf(UserError.class)
                .hasMessage("the pgo build lost its profile in every object (hot.c): the compiler printed 2"
                        + " missing-profile warning(s), see /l/build-pgo.log")
                .satisfies(e -> assertThat(((UserError) e).hint()).contains("pgolab build --retrain", "{builddir}"));
    }

    @Test
    void halfIsAWarningAndFewerIsTheTablesCount() {
        Warnings events = new Warnings();
        ProfileLoss.check("pgo", lost("a.c", "b.c"), 4, Path.of("log"), events);
        assertThat(events.warnings).singleElement().asString().startsWith("the pgo build lost its profile in 2 of 4 objects (a.c, b.c)");
        ProfileLoss.check("pgo", lost("a.c"), 4, Path.of("log"), events);
        ProfileLoss.check("pgo", lost("a.c"), 0, Path.of("log"), events);
        ProfileLoss.check("pgo", lost(), 4, Path.of("log"), events);
        assertThat(events.warnings).hasSize(1);
    }

    /** Issue 27: GCC's missing-profile warning for an object that can have no profile (not linked, ...) is no loss. */
    @Test
    void objectsThatCanHaveNoProfileAreNoLoss() {
        Warnings events = new Warnings();
        ProfileLoss.check("pgo", lost("unused.c"), java.util.Set.of(Path.of("/src/unused.c")), 2, Path.of("log"), events);
        ProfileLoss.check("pgo", lost("sub/unused.c"), java.util.Set.of(Path.of("/src/sub/unused.c")), 1, Path.of("log"),
                events);
        assertThat(events.warnings).isEmpty();
        ProfileLoss.check("pgo", lost("unused.c", "hot.c"), java.util.Set.of(Path.of("/src/unused.c")), 2,
                Path.of("log"), events);
        assertThat(events.warnings).singleElement().asString().startsWith("the pgo build lost its profile in 1 of 2"
                + " objects (hot.c)");
    }

    /** The warnings a check gave. */
    private static final class Warnings implements Events {
        final List<String> warnings = new java.util.ArrayList<>();

        @Override
        public void started(String stage, String detail) {
        }

        @Override
        public void finished(String stage, java.time.Duration took, String detail) {
        }

        @Override
        public void note(String message) {
        }

        @Override
        public void warn(String message) {
            warnings.add(message);
        }
    }
}
