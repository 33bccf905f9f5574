package dev.almanac.llm;

import java.util.List;

/** A message of a conversation with a language model. */
public sealed interface ChatMessage {
    record System(String text) implements ChatMessage {}

    record User(String text) implements ChatMessage {}

    /** What the model said: text, tool calls, or both. */
    record Assistant(String text, List<ToolCall> toolCalls) implements ChatMessage {
        public Assistant {
            toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        }
    }

    /** The result of a tool call, sent back to the model as text. */
    record ToolResult(String callId, String tool, String text) implements ChatMessage {}
}
