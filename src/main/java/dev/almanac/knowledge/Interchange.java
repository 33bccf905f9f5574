package dev.almanac.knowledge;

import com.fasterxml.jackson.databind.JsonNode;

/** What the readers of other tools' semantic models share: the report of what could not be mapped, and reading a text field. */
public final class Interchange {
    private Interchange() {}

    /** Something of a source file that could not be mapped, with where it is and why. */
    public record Unmapped(String path, String reason) {
        @Override
        public String toString() {
            return path + ": " + reason;
        }
    }

    /** A field's text, or null when it is missing, not text or blank. */
    static String text(JsonNode node, String field) {
        return node.path(field).isTextual() && !node.path(field).asText().isBlank() ? node.path(field).asText() : null;
    }
}
