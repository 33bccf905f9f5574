package dev.almanac.llm;

import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The keys a provider is configured with, and what looks like a key, scrubbed from text that comes
 * back from the provider (error bodies, exception messages, model text) before it is shown, stored
 * or logged. Each is replaced with {@value #REDACTED}. Token-like: {@code sk-...} (OpenAI,
 * Anthropic {@code sk-ant-...}), {@code Bearer ...}, {@code api_key=...}, and runs of 32 or more
 * characters that look random (hex, or base64 mixing digits and both cases).
 */
public final class Secrets {
    public static final String REDACTED = "[redacted]";
    /** No configured key; token-like strings only. */
    public static final Secrets NONE = new Secrets(List.of());

    private static final int SHORTEST_KEY = 8;
    private static final Pattern PREFIXED = Pattern.compile("\\bsk-[A-Za-z0-9_\\-]{16,}");
    private static final Pattern BEARER = Pattern.compile("(?i)\\b(bearer\\s+)[A-Za-z0-9._~+/\\-]{8,}=*");
    private static final Pattern LABELLED = Pattern.compile("(?i)\\b((?:x-)?api[_-]?key|access[_-]?token|secret)([\"']?\\s*[:=]\\s*[\"']?)([^\\s\"',;}&]{8,})");
    private static final Pattern RUN = Pattern.compile("(?<![A-Za-z0-9+/_=\\-])[A-Za-z0-9+/_\\-]{32,}={0,2}(?![A-Za-z0-9+/_=\\-])");
    private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]{32,}");
    private static final Pattern ALNUM = Pattern.compile("[A-Za-z0-9]{16,}");

    private final List<String> keys;

    private Secrets(List<String> keys) {
        this.keys = keys;
    }

    /** The configured keys (null or blank ones, and ones too short to tell from a word, are left out). */
    public static Secrets of(String... keys) {
        return new Secrets(Stream.of(keys).filter(Objects::nonNull).map(String::strip).filter(k -> k.length() >= SHORTEST_KEY).distinct().toList());
    }

    /** Text with the configured keys and anything token-like replaced. */
    public String scrub(String text) {
        if (text == null || text.isEmpty()) return text;
        String s = withoutKeys(text);
        s = LABELLED.matcher(s).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + m.group(2) + REDACTED));
        Matcher runs = RUN.matcher(s);
        return runs.replaceAll(m -> Matcher.quoteReplacement(looksRandom(m.group()) ? REDACTED : m.group()));
    }

    /**
     * Text with the configured keys, {@code sk-...} and {@code Bearer ...} tokens replaced, but not long runs: for
     * what the agent runs (tool-call arguments), where a long hex or base64 literal may be data.
     */
    public String withoutKeys(String text) {
        if (text == null || text.isEmpty()) return text;
        String s = text;
        for (String key : keys) s = s.replace(key, REDACTED);
        s = PREFIXED.matcher(s).replaceAll(REDACTED);
        return BEARER.matcher(s).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + REDACTED));
    }

    /**
     * A copy of a failure and its causes whose messages are scrubbed, with the same stack traces, to chain under an
     * exception that may be printed (a provider client's exception carries the whole response body).
     */
    public Throwable scrub(Throwable e) {
        return copy(e, 0);
    }

    private Throwable copy(Throwable e, int depth) {
        if (e == null) return null;
        Throwable copy = new Scrubbed(e.getClass().getName(), scrub(e.getMessage()));
        copy.setStackTrace(e.getStackTrace());
        Throwable cause = e.getCause();
        if (cause != null && cause != e && depth < 16) copy.initCause(copy(cause, depth + 1));
        return copy;
    }

    private static boolean looksRandom(String run) {
        boolean digit = run.chars().anyMatch(Character::isDigit);
        if (HEX.matcher(run).matches()) return digit;
        return digit && run.chars().anyMatch(Character::isUpperCase) && run.chars().anyMatch(Character::isLowerCase) && ALNUM.matcher(run).find();
    }

    /** A scrubbed stand-in that prints as the original type. */
    private static final class Scrubbed extends RuntimeException {
        private final String type;

        Scrubbed(String type, String message) {
            super(message);
            this.type = type;
        }

        @Override
        public String toString() {
            return getMessage() == null ? type : type + ": " + getMessage();
        }
    }
}
