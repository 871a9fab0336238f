package io.pgolab.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.pgolab.UserError;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FirstFailureTest {
    @Test
    void theFirstFailureIsThrownWithTheLaterOnesAttachedInOrder() {
        FirstFailure f = new FirstFailure();
        List<String> ran = new ArrayList<>();
        f.run(() -> ran.add("clients"));
        assertThat(f.failed()).isFalse();
        f.run(() -> {
            throw new UserError("client failed");
        });
        f.run(() -> {
            ran.add("hook");
            throw new UserError("hook failed");
        });
        f.run(() -> {
            ran.add("teardown");
            throw new IllegalStateException("teardown failed");
        });
        Throwable t = catchThrowable(f::rethrow);
        assertThat(ran).containsExactly("clients", "hook", "teardown");
        assertThat(t).isInstanceOf(UserError.class).hasMessage("client failed");
        assertThat(t.getSuppressed()).extracting(Throwable::getMessage).containsExactly("hook failed", "teardown failed");
    }

    @Test
    void nothingFailedThrowsNothing() {
        FirstFailure f = new FirstFailure();
        f.run(() -> { });
        assertThatCode(f::rethrow).doesNotThrowAnyException();
    }

    @Test
    void aCleanupFailureNeverReplacesTheBodysFailure() {
        Throwable t = catchThrowable(() -> FirstFailure.withCleanup(() -> {
            throw new UserError("compare failed");
        }, () -> {
            throw new UncheckedIOException(new java.io.IOException("cannot remove scratch"));
        }));
        assertThat(t).isInstanceOf(UserError.class).hasMessage("compare failed");
        assertThat(t.getSuppressed()).singleElement().isInstanceOf(UncheckedIOException.class);

        Throwable alone = catchThrowable(() -> FirstFailure.withCleanup(() -> 1, () -> {
            throw new UserError("cannot remove scratch");
        }));
        assertThat(alone).hasMessage("cannot remove scratch");
        List<String> cleaned = new ArrayList<>();
        assertThat(FirstFailure.withCleanup(() -> 42, () -> cleaned.add("done"))).isEqualTo(42);
        assertThat(cleaned).containsExactly("done");
    }
}
