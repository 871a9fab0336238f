package io.pgolab;

/**
 * An error the user can act on: shown as "error: message" plus "hint: ...", never with a stack trace
 * (unless --debug). Anything else that escapes is a bug in pgolab.
 */
public class UserError extends RuntimeException {
    private final String hint;

    public UserError(String message, String hint) {
        super(message);
        this.hint = hint == null ? "" : hint;
    }

    public UserError(String message) {
        this(message, "");
    }

    public UserError(String message, String hint, Throwable cause) {
        super(message, cause);
        this.hint = hint == null ? "" : hint;
    }

    public String hint() {
        return hint;
    }
}
