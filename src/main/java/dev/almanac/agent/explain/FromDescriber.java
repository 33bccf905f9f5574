package dev.almanac.agent.explain;

import static dev.almanac.agent.explain.Phrases.and;
import static dev.almanac.agent.explain.Phrases.present;
import static dev.almanac.agent.explain.Phrases.words;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Map;

/**
 * What a query reads (FROM and its joins): tables by their names in words, a join as "matched with their customers" (left:
 * "with their ... where there are any"), a table read twice by alias with a sentence of how it is matched to itself, a
 * subquery as a list of its own.
 */
final class FromDescriber {
    /** What is read, and what its rows are called (for counts: "the number of orders"). */
    record Source(String text, String rows) {}

    private final PlainExplainer explainer;

    FromDescriber(PlainExplainer explainer) {
        this.explainer = explainer;
    }

    Source source(JsonNode t, Scope scope) {
        switch (t.path("type").asText()) {
            case "BASE_TABLE" -> {
                String table = t.path("table_name").asText();
                String alias = t.path("alias").asText("");
                scope.aliases.put(alias.isEmpty() ? table.toLowerCase(Locale.ROOT) : alias.toLowerCase(Locale.ROOT), table.toLowerCase(Locale.ROOT));
                scope.aliases.putIfAbsent(table.toLowerCase(Locale.ROOT), table.toLowerCase(Locale.ROOT));
                boolean twice = scope.repeated.contains(table.toLowerCase(Locale.ROOT)) && !alias.isEmpty();
                return new Source(words(table) + (twice ? " as " + words(alias) : ""), words(table));
            }
            case "JOIN" -> {
                Source left = source(t.path("left"), scope);
                Source right = source(t.path("right"), scope);
                JsonNode on = t.path("condition");
                if (selfJoin(t) && present(on)) { // which of its own rows: said in a sentence of its own
                    scope.matches.add("It matches " + words(t.path("right").path("alias").asText()) + " to " + words(t.path("left").path("alias").asText())
                            + " where " + and(explainer.conditions.conditions(on, scope)) + ".");
                }
                String how = switch (t.path("join_type").asText("INNER")) {
                    case "LEFT" -> ", with their " + right.text + " where there are any";
                    case "RIGHT", "OUTER" -> " and " + right.text + ", with or without a match";
                    default -> t.path("ref_type").asText().equals("CROSS") ? " combined with every row of " + right.text : " matched with their " + right.text;
                };
                return new Source(left.text + how, left.rows);
            }
            case "SUBQUERY" -> {
                String list = scope.list(t.path("subquery").path("node"), "list");
                String alias = t.path("alias").asText("");
                if (!alias.isEmpty()) scope.aliases.put(alias.toLowerCase(Locale.ROOT), alias.toLowerCase(Locale.ROOT));
                return new Source(list, "rows");
            }
            case "EMPTY" -> {
                return new Source("", "rows");
            }
            default -> {
                return new Source("generated rows", "rows");
            }
        }
    }

    /** A join whose right side reads a table (or list) the left side reads too: matched by its condition, not by a key. */
    private static boolean selfJoin(JsonNode join) {
        JsonNode l = join.path("left");
        JsonNode r = join.path("right");
        return l.path("type").asText().equals("BASE_TABLE") && r.path("type").asText().equals("BASE_TABLE")
                && l.path("table_name").asText().equalsIgnoreCase(r.path("table_name").asText());
    }

    /** How often each table is read in a FROM clause (more than once: a self-join). */
    static void countTables(JsonNode t, Map<String, Integer> count) {
        if (t.path("type").asText().equals("BASE_TABLE")) count.merge(t.path("table_name").asText().toLowerCase(Locale.ROOT), 1, Integer::sum);
        if (t.path("type").asText().equals("JOIN")) {
            countTables(t.path("left"), count);
            countTables(t.path("right"), count);
        }
    }
}
