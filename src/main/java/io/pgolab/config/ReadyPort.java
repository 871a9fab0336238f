package io.pgolab.config;

import java.util.Optional;

/** The port a readiness check waits on: "tcp:NAME" and "http:NAME/path" name one; "tcp" and "http:/path" do not. */
public final class ReadyPort {
    private ReadyPort() {
    }

    /** The port name the check gives, if it gives one. */
    public static Optional<String> named(String ready) {
        if (ready.startsWith("tcp:")) {
            return Optional.of(ready.substring(4));
        }
        if (ready.startsWith("http:") && !ready.startsWith("http:/")) {
            String rest = ready.substring(5);
            int slash = rest.indexOf('/');
            return Optional.of(slash < 0 ? rest : rest.substring(0, slash));
        }
        return Optional.empty();
    }

    /** The path of an http check ("/" when none is given). */
    public static String httpPath(String ready) {
        String rest = ready.substring(5);
        int slash = rest.indexOf('/');
        return slash < 0 ? "/" : rest.substring(slash);
    }
}
