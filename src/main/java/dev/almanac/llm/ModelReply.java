package dev.almanac.llm;

import java.util.List;

/** One reply of a model: text and/or tool calls, with the tokens the call used. */
public record ModelReply(String text, List<ToolCall> toolCalls, TokenUsage usage) {
    public ModelReply {
        toolCalls = toolCalls == null ? List.of() : List.copyOf(toolCalls);
        usage = usage == null ? TokenUsage.ZERO : usage;
    }

    public ChatMessage.Assistant asMessage() {
        return new ChatMessage.Assistant(text, toolCalls);
    }
}
