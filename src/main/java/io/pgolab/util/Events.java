package io.pgolab.util;

import java.time.Duration;

/** How stages report progress; the CLI decides how to show it. Stages never print. */
public interface Events {
    void started(String stage, String detail);

    void finished(String stage, Duration took, String detail);

    void note(String message);

    void warn(String message);

    Events SILENT = new Events() {
        @Override
        public void started(String stage, String detail) {
        }

        @Override
        public void finished(String stage, Duration took, String detail) {
        }

        @Override
        public void note(String message) {
        }

        @Override
        public void warn(String message) {
        }
    };
}
