package dev.almanac.agent.explain;

import static dev.almanac.agent.explain.Phrases.and;
import static dev.almanac.agent.explain.Phrases.words;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Window functions: "the position by amount, highest first, within each region", "the previous ...", "the running total
 * of ..."; and a QUALIFY of {@code row_number() = 1} as "It then keeps one row for each ..., the one with the highest ...".
 */
final class WindowDescriber {
    private final PlainExplainer explainer;

    WindowDescriber(PlainExplainer explainer) {
        this.explainer = explainer;
    }

    private String value(JsonNode e, Scope scope, String rows) {
        return explainer.values.value(e, scope, rows);
    }

    String window(JsonNode e, Scope scope, String rows) {
        String f = e.path("function_name").asText().toLowerCase(Locale.ROOT);
        List<String> per = new ArrayList<>();
        e.path("partitions").forEach(p -> per.add(value(p, scope, rows)));
        List<String> by = new ArrayList<>();
        e.path("orders").forEach(o -> by.add(value(o.path("expression"), scope, rows) + (o.path("type").asText().contains("DESC") ? ", highest first" : "")));
        String within = per.isEmpty() ? "" : " within each " + and(per);
        String ordered = by.isEmpty() ? "" : " by " + String.join(", then ", by);
        JsonNode arg = e.path("children").path(0);
        return switch (f) {
            case "row_number", "rank", "dense_rank" -> "the position" + ordered + within;
            case "lag" -> "the previous " + value(arg, scope, rows) + within + ordered;
            case "lead" -> "the next " + value(arg, scope, rows) + within + ordered;
            case "sum" -> (by.isEmpty() ? "the total of " : "the running total of ") + value(arg, scope, rows) + within + ordered;
            case "count_star", "count" -> (by.isEmpty() ? "the number of " : "the running count of ") + rows + within + ordered;
            case "avg" -> (by.isEmpty() ? "the average of " : "the moving average of ") + value(arg, scope, rows) + within + ordered;
            default -> "the " + words(f) + " of " + (arg.isMissingNode() ? rows : value(arg, scope, rows)) + within + ordered;
        };
    }

    /** "row_number() over (partition by k order by o) = 1": one row per k. */
    Optional<String> firstPer(JsonNode q, Scope scope) {
        if (!q.path("class").asText().equals("COMPARISON") || !q.path("type").asText().equals("COMPARE_EQUAL")) return Optional.empty();
        JsonNode w = q.path("left");
        if (!w.path("class").asText().equals("WINDOW") || !w.path("function_name").asText().equals("row_number")
                || !q.path("right").path("value").path("value").asText().equals("1")) {
            return Optional.empty();
        }
        List<String> per = new ArrayList<>();
        w.path("partitions").forEach(p -> per.add(value(p, scope, "rows")));
        List<String> by = new ArrayList<>();
        w.path("orders").forEach(o -> by.add((o.path("type").asText().contains("DESC") ? "the highest " : "the lowest ") + value(o.path("expression"), scope, "rows")));
        return Optional.of("It then keeps one row for each " + and(per) + (by.isEmpty() ? "" : ", the one with " + and(by)));
    }
}
