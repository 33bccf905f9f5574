package dev.almanac;

/**
 * Root of Almanac's unchecked errors. Subtypes say what a caller can do about the failure:
 * {@link UserError} is the user's to fix (exit code 2, one line, no stack trace); anything else is a
 * failure of the system or its environment (exit code 1).
 */
public class AlmanacException extends RuntimeException {
    public AlmanacException(String message) {
        super(message);
    }

    public AlmanacException(String message, Throwable cause) {
        super(message, cause);
    }
}
