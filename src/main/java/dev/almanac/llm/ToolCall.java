package dev.almanac.llm;

/** A tool the model asked to call, with its arguments as the JSON text the model wrote (possibly malformed). */
public record ToolCall(String id, String name, String arguments) {}
