package dev.almanac.agent.explain;

import static dev.almanac.agent.explain.Phrases.and;
import static dev.almanac.agent.explain.Phrases.capitalized;
import static dev.almanac.agent.explain.Phrases.words;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns shown and the grouping (SELECT, DISTINCT, GROUP BY): "It groups them by region.", "It shows name and email,
 * each different combination once.", "It computes the number of orders for each.", a named measure or computed column
 * as "Revenue is the total of amount." A group key by position (GROUP BY 1) is the item shown there.
 */
final class SelectionDescriber {
    private final PlainExplainer explainer;

    SelectionDescriber(PlainExplainer explainer) {
        this.explainer = explainer;
    }

    /** @param rows what the rows read are called, for counts */
    void describe(JsonNode node, Scope scope, String rows, List<String> out) {
        // the columns shown: those that are group keys or plain columns, and the measures
        Map<String, String> named = new LinkedHashMap<>(); // shown name -> what it is
        List<String> keys = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        boolean distinct = false;
        for (JsonNode m : node.path("modifiers")) if (m.path("type").asText().equals("DISTINCT_MODIFIER")) distinct = true;
        JsonNode groups = node.path("group_expressions");
        List<String> groupTexts = new ArrayList<>();
        for (JsonNode g : groups) groupTexts.add(explainer.values.value(resolveGroup(g, node), scope, rows));
        for (JsonNode e : node.path("select_list")) {
            String alias = e.path("alias").asText("");
            if (dev.almanac.sql.Explainer.hasAggregate(e) || e.path("class").asText().equals("WINDOW")) {
                named.put(alias.isEmpty() ? null : words(alias), explainer.values.value(e, scope, rows));
            } else if (e.path("class").asText().equals("STAR")) {
                continue; // every column: nothing to say
            } else {
                String v = explainer.values.value(e, scope, rows);
                String name = alias.isEmpty() ? v : words(alias);
                if (!groupTexts.isEmpty()) {
                    keys.add(name.equals(v) ? v : name);
                    // a computed key its name does not describe (a shifted month, a relabelled status): how it is computed
                    boolean computed = !e.path("class").asText().matches("COLUMN_REF|CAST") && !name.equals(v) && !v.startsWith("the " + name + " of ");
                    if (computed) named.put(name, v);
                }
                else if (name.equals(v) || e.path("class").asText().equals("COLUMN_REF")) shown.add(name);
                else named.put(name, v); // a computed column: a sentence of its own
            }
        }
        if (!groupTexts.isEmpty() && keys.isEmpty()) keys.addAll(groupTexts);
        if (!keys.isEmpty()) out.add("It groups them by " + and(keys) + ".");
        if (!shown.isEmpty()) out.add("It shows " + and(shown) + (distinct ? ", each different combination once" : "") + ".");
        if (named.size() == 1 && named.containsKey(null)) {
            out.add("It computes " + named.get(null) + (keys.isEmpty() ? "" : " for each") + ".");
        } else {
            named.forEach((name, what) -> out.add(name == null ? "It computes " + what + "." : capitalized(name) + " is " + what + "."));
        }
    }

    /** GROUP BY 1: the first item shown. */
    private static JsonNode resolveGroup(JsonNode g, JsonNode node) {
        if (g.path("class").asText().equals("CONSTANT") && g.path("value").path("type").path("id").asText().matches("INTEGER|BIGINT")) {
            JsonNode item = node.path("select_list").path(g.path("value").path("value").asInt() - 1);
            if (!item.isMissingNode()) return item;
        }
        return g;
    }
}
