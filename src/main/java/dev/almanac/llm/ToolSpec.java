package dev.almanac.llm;

import com.fasterxml.jackson.databind.JsonNode;

/** A tool offered to the model: name, description and a JSON Schema of its arguments (an object). */
public record ToolSpec(String name, String description, JsonNode parameters) {}
