package dev.almanac;

/** A problem with what the user asked for: reported as one line, exit code 2, never a stack trace. */
public class UserError extends AlmanacException {
    public UserError(String message) {
        super(message);
    }

    public UserError(String message, Throwable cause) {
        super(message, cause);
    }
}
