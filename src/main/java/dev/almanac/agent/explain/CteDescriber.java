package dev.almanac.agent.explain;

import static dev.almanac.agent.explain.Phrases.lowerFirst;
import static dev.almanac.agent.explain.Phrases.words;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** The named steps of a WITH clause, each a sentence before the query that uses them: "First it works out monthly revenue: ..." */
final class CteDescriber {
    private final PlainExplainer explainer;

    CteDescriber(PlainExplainer explainer) {
        this.explainer = explainer;
    }

    void describe(JsonNode node, Scope scope, List<String> out) {
        for (JsonNode cte : node.path("cte_map").path("map")) {
            List<String> inner = new ArrayList<>();
            explainer.query(cte.path("value").path("query").path("node"), scope, inner, false);
            out.add((out.isEmpty() ? "First" : "Then") + " it works out " + words(cte.path("key").asText()) + ": " + lowerFirst(String.join(" ", inner)));
        }
    }
}
