package dev.almanac.agent.explain;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** The English the describers share: names in words, plurals, lists joined with "and" or "or", capitals; and what a node is. */
final class Phrases {
    private Phrases() {}

    static String words(String identifier) {
        return dev.almanac.semantic.InWords.of(identifier);
    }

    static String plural(String noun) {
        if (noun.endsWith("s") || noun.contains(" of ")) return noun;
        if (noun.endsWith("y") && !noun.matches(".*[aeiou]y")) return noun.substring(0, noun.length() - 1) + "ies";
        if (noun.endsWith(" ID")) return noun + "s";
        return noun + "s";
    }

    static boolean present(JsonNode n) {
        return n != null && !n.isMissingNode() && !n.isNull();
    }

    static boolean isConstant(JsonNode e) {
        return e.path("class").asText().equals("CONSTANT") || e.path("class").asText().equals("CAST") && e.path("child").path("class").asText().equals("CONSTANT");
    }

    static boolean isNumber(JsonNode e, String n) {
        return e.path("class").asText().equals("CONSTANT") && e.path("value").path("value").asText().equals(n);
    }

    static String and(List<String> parts) {
        return join(parts, "and");
    }

    static String either(List<String> parts) {
        return join(parts, "or");
    }

    private static String join(List<String> parts, String word) {
        if (parts.size() <= 1) return parts.isEmpty() ? "" : parts.get(0);
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " " + word + " " + parts.get(parts.size() - 1);
    }

    static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String lowerFirst(String s) {
        return s.isEmpty() || s.length() > 1 && Character.isUpperCase(s.charAt(1)) ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
