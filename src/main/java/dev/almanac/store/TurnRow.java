package dev.almanac.store;

/** A persisted turn of a thread. */
public record TurnRow(String id, String threadId, int position, String question, String kind, String answerText, String answerJson,
                      String sql, String confidence, int iterations, int llmCalls, int promptTokens, int completionTokens, long latencyMs) {}
