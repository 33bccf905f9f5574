package dev.almanac.llm.langchain;

import dev.almanac.llm.LlmException;
import dev.almanac.llm.Secrets;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.LangChain4jException;
import dev.langchain4j.exception.RetriableException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;

/**
 * Maps what LangChain4j and the HTTP client throw into {@link LlmException}, in exactly one place:
 * 429, 408 and 5xx, timeouts and refused connections are retriable; anything else is not. Messages
 * keep the status and the first line of the body, never request headers (where keys travel); the body
 * and the chained cause are scrubbed of the configured key and of anything token-like, since a
 * provider may echo what it was sent.
 */
final class ProviderErrors {
    private ProviderErrors() {}

    static LlmException map(String model, Throwable e, Secrets secrets) {
        return map(model, e, secrets.scrub(firstLine(e.getMessage())), secrets.scrub(e));
    }

    private static LlmException map(String model, Throwable e, String detail, Throwable cause) {
        Integer status = statusOf(e);
        if (status != null) {
            boolean retriable = status == 429 || status == 408 || status >= 500;
            String what = status == 429 ? "rate limited" : status == 401 || status == 403 ? "not authorised (check the API key)"
                    : status == 404 ? "not found (check the model name and base URL)" : status >= 500 ? "server error" : "request rejected";
            return new LlmException(model + ": HTTP " + status + " " + what + (detail.isEmpty() ? "" : ": " + abbreviate(detail)), retriable, cause);
        }
        if (hasCause(e, HttpTimeoutException.class) || hasCause(e, java.util.concurrent.TimeoutException.class)
                || e instanceof dev.langchain4j.exception.TimeoutException) {
            return new LlmException(model + ": timed out", true, cause);
        }
        if (hasCause(e, ConnectException.class)) return new LlmException(model + ": cannot connect to the provider (is it running?)", true, cause);
        if (e instanceof RetriableException) return new LlmException(model + ": " + abbreviate(detail), true, cause);
        if (e instanceof LangChain4jException) return new LlmException(model + ": " + abbreviate(detail), false, cause);
        return new LlmException(model + ": " + e.getClass().getSimpleName() + (detail.isEmpty() ? "" : ": " + abbreviate(detail)), false, cause);
    }

    private static Integer statusOf(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof HttpException h) return h.statusCode();
            if (t.getCause() == t) break;
        }
        return null;
    }

    private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) return true;
            if (t.getCause() == t) break;
        }
        return false;
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("").strip();
    }

    private static String abbreviate(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }
}
