package io.pgolab.parse;

/** The output did not contain what the parser looks for; the message says what was expected. */
public class NoMatchException extends RuntimeException {
    public NoMatchException(String message) {
        super(message);
    }
}
