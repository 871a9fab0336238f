package io.pgolab.pipeline;

import io.pgolab.toolchain.Demangler;
import io.pgolab.toolchain.Toolchain;
import io.pgolab.util.Events;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Demangled names for a report's function names, with the toolchain's demangler, all names in one
 * batch. When the demangler is missing and some name is mangled, says so once per pgolab run.
 */
public final class ReadableNames {
    private static final AtomicBoolean TOLD = new AtomicBoolean();

    private ReadableNames() {
    }

    /** name to demangled name, for the mangled ones among names. */
    public static Map<String, String> of(Toolchain toolchain, Collection<String> names, Events events) {
        if (names.isEmpty()) {
            return Map.of();
        }
        Demangler d = toolchain.demangler();
        if (!d.missingNote().isEmpty()) {
            if (names.stream().anyMatch(n -> Demangler.mangled(n.substring(n.lastIndexOf(';') + 1)))
                    && !TOLD.getAndSet(true)) {
                events.warn(d.missingNote());
            }
            return Map.of();
        }
        return d.demangle(names);
    }
}
