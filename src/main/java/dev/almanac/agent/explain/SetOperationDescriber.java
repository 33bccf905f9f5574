package dev.almanac.agent.explain;

import com.fasterxml.jackson.databind.JsonNode;

/** A set operation (UNION, EXCEPT, INTERSECT): its two sides as lists of their own, and how they are put together. */
final class SetOperationDescriber {
    String describe(JsonNode node, Scope scope) {
        String op = node.path("setop_type").asText("UNION");
        String a = scope.list(node.path("left"), "list");
        String b = scope.list(node.path("right"), "list");
        return switch (op) {
            case "EXCEPT" -> "It takes the rows of " + a + " that are not in " + b + ".";
            case "INTERSECT" -> "It takes the rows that are in both " + a + " and " + b + ".";
            default -> "It puts " + a + " and " + b + " together" + (node.path("setop_all").asBoolean(false) ? "." : ", once each.");
        };
    }
}
