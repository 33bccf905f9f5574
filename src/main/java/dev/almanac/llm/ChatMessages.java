package dev.almanac.llm;

/** Small helpers over messages. */
public final class ChatMessages {
    private ChatMessages() {}

    /** The text a message carries, tool calls included. */
    public static String text(ChatMessage m) {
        if (m instanceof ChatMessage.System s) return s.text();
        if (m instanceof ChatMessage.User u) return u.text();
        if (m instanceof ChatMessage.Assistant a) return (a.text() == null ? "" : a.text()) + a.toolCalls();
        return ((ChatMessage.ToolResult) m).text();
    }
}
