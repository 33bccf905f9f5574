package dev.almanac.llm;

import dev.almanac.AlmanacException;

/**
 * A failed model call. {@code retriable}: a rate limit, a timeout or a server error, worth trying
 * again; otherwise (bad request, authentication, unknown model) trying again cannot help.
 */
public class LlmException extends AlmanacException {
    private final boolean retriable;

    public LlmException(String message, boolean retriable, Throwable cause) {
        super(message, cause);
        this.retriable = retriable;
    }

    public boolean retriable() {
        return retriable;
    }
}
