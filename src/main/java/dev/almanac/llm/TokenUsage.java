package dev.almanac.llm;

/** Tokens and calls spent talking to a model. */
public record TokenUsage(int calls, int promptTokens, int completionTokens) {
    public static final TokenUsage ZERO = new TokenUsage(0, 0, 0);

    public TokenUsage plus(TokenUsage other) {
        return new TokenUsage(calls + other.calls, promptTokens + other.promptTokens, completionTokens + other.completionTokens);
    }
}
