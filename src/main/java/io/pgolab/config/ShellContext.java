package io.pgolab.config;

import io.pgolab.util.Shell;

/**
 * Where a shell command template stands after the text read so far: outside quotes, inside '...'
 * or inside "...". Enough of POSIX sh's quoting (backslash, single and double quotes) to insert a
 * value so that it cannot end the quoting it stands in or run as code.
 */
final class ShellContext {
    private enum State { PLAIN, SINGLE, DOUBLE }

    private State state = State.PLAIN;

    /** Advances over literal template text. */
    void read(String literal) {
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            switch (state) {
                case PLAIN -> {
                    if (c == '\\') {
                        i++;
                    } else if (c == '\'') {
                        state = State.SINGLE;
                    } else if (c == '"') {
                        state = State.DOUBLE;
                    }
                }
                case SINGLE -> {
                    if (c == '\'') {
                        state = State.PLAIN;
                    }
                }
                case DOUBLE -> {
                    if (c == '\\') {
                        i++;
                    } else if (c == '"') {
                        state = State.PLAIN;
                    }
                }
            }
        }
    }

    /** value as it must be written here; a flag list outside quotes is left to split into words. */
    String insert(String value, boolean flagList) {
        return switch (state) {
            case PLAIN -> flagList ? value : Shell.quote(value);
            case SINGLE -> value.replace("'", "'\\''");
            case DOUBLE -> value.replaceAll("([\\\\\"$`])", "\\\\$1");
        };
    }
}
