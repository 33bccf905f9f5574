package dev.almanac.agent.explain;

import static dev.almanac.agent.explain.Phrases.present;
import static dev.almanac.agent.explain.Phrases.words;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Order and limit (ORDER BY, LIMIT): "It sorts them by revenue, highest first.", "It shows the first 10 rows.", and the
 * two together as "It shows the top 5 by revenue." or "It shows the one with the highest revenue."
 */
final class OrderDescriber {
    private final PlainExplainer explainer;

    OrderDescriber(PlainExplainer explainer) {
        this.explainer = explainer;
    }

    void describe(JsonNode node, Scope scope, List<String> out) {
        String limit = null;
        List<String> orders = new ArrayList<>();
        boolean descending = false;
        for (JsonNode m : node.path("modifiers")) {
            if (m.path("type").asText().equals("ORDER_MODIFIER")) {
                for (JsonNode o : m.path("orders")) {
                    boolean desc = o.path("type").asText().contains("DESC");
                    if (orders.isEmpty()) descending = desc;
                    orders.add(orderKey(o.path("expression"), node, scope) + (desc ? ", highest first" : ""));
                }
            } else if (m.path("type").asText().equals("LIMIT_MODIFIER") && present(m.path("limit"))) {
                limit = m.path("limit").path("value").path("value").asText(null);
            }
        }
        if (limit != null && !orders.isEmpty() && descending) {
            String by = orders.get(0).replace(", highest first", "");
            out.add(limit.equals("1") ? "It shows the one with the highest " + by + "." : "It shows the top " + limit + " by " + by + ".");
        } else {
            if (!orders.isEmpty()) out.add("It sorts them by " + String.join(", then by ", orders) + ".");
            if (limit != null) out.add("It shows the first " + limit + " rows.");
        }
    }

    /** A sort key: an output column by its shown name, else the expression in words. */
    private String orderKey(JsonNode e, JsonNode node, Scope scope) {
        if (e.path("class").asText().equals("CONSTANT") && e.path("value").path("type").path("id").asText().matches("INTEGER|BIGINT")) {
            int i = e.path("value").path("value").asInt() - 1;
            JsonNode item = node.path("select_list").path(i);
            if (!item.isMissingNode()) return item.path("alias").asText("").isEmpty() ? explainer.values.value(item, scope, "rows") : words(item.path("alias").asText());
        }
        if (e.path("class").asText().equals("COLUMN_REF") && e.path("column_names").size() == 1) {
            for (JsonNode item : node.path("select_list")) {
                if (item.path("alias").asText("").equalsIgnoreCase(e.path("column_names").get(0).asText())) return words(item.path("alias").asText());
            }
        }
        return explainer.values.value(e, scope, "rows");
    }
}
