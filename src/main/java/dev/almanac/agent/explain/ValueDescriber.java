package dev.almanac.agent.explain;

import static dev.almanac.agent.explain.Phrases.and;
import static dev.almanac.agent.explain.Phrases.isConstant;
import static dev.almanac.agent.explain.Phrases.isNumber;
import static dev.almanac.agent.explain.Phrases.present;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * An expression in words: columns by their business names, constants as written, CASE as "x where ...", defaults for a
 * missing value left out; functions, aggregates and windows to their describers. No call syntax.
 */
final class ValueDescriber {
    private final PlainExplainer explainer;

    ValueDescriber(PlainExplainer explainer) {
        this.explainer = explainer;
    }

    /** @param rows what the rows read are called ("orders"), for counts */
    String value(JsonNode e, Scope scope, String rows) {
        String cls = e.path("class").asText();
        switch (cls) {
            case "COLUMN_REF" -> {
                return explainer.names.of(e, scope);
            }
            case "CONSTANT" -> {
                return constant(e, scope);
            }
            case "CAST" -> {
                if (e.path("child").path("class").asText().equals("CONSTANT")) {
                    String v = constant(e.path("child"), scope);
                    LocalDate d = Dates.date(v);
                    return d != null ? Dates.DAY.format(d) : v;
                }
                return value(e.path("child"), scope, rows);
            }
            case "STAR" -> {
                return "every column";
            }
            case "SUBQUERY" -> {
                return scope.list(e.path("subquery").path("node"), "value");
            }
            case "CASE" -> {
                JsonNode checks = e.path("case_checks");
                JsonNode otherwise = e.path("else_expr");
                boolean zeroElse = !present(otherwise) || isNumber(otherwise, "0") || otherwise.path("value").path("is_null").asBoolean(false);
                if (checks.size() == 1 && isNumber(checks.get(0).path("then_expr"), "1") && zeroElse) {
                    return "1 for each of those where " + explainer.conditions.condition(checks.get(0).path("when_expr"), scope);
                }
                List<String> parts = new ArrayList<>();
                for (JsonNode c : checks) parts.add(value(c.path("then_expr"), scope, rows) + " where " + explainer.conditions.condition(c.path("when_expr"), scope));
                return and(parts) + (present(otherwise) ? ", else " + value(otherwise, scope, rows) : "");
            }
            case "COMPARISON", "CONJUNCTION", "BETWEEN" -> {
                return "whether " + explainer.conditions.condition(e, scope);
            }
            case "OPERATOR" -> {
                String type = e.path("type").asText();
                if (type.equals("OPERATOR_COALESCE")) {
                    JsonNode fallback = e.path("children").path(1);
                    String first = value(e.path("children").get(0), scope, rows);
                    if (fallback.isMissingNode() || isConstant(fallback)) return first; // a plain default for a missing value is left out
                    return first + ", or where that is missing, " + value(fallback, scope, rows);
                }
                return "whether " + explainer.conditions.condition(e, scope);
            }
            case "WINDOW" -> {
                return explainer.windows.window(e, scope, rows);
            }
            case "FUNCTION", "AGGREGATE" -> {
                return explainer.functions.function(e, scope, rows);
            }
            default -> {
                return "a computed value";
            }
        }
    }

    /** A constant as written: a text quoted, a decimal without trailing zeros, NULL as "nothing"; a date stays parseable for ranges. */
    String constant(JsonNode e, Scope scope) {
        if (e.path("class").asText().equals("CAST")) return constant(e.path("child"), scope);
        if (!e.path("class").asText().equals("CONSTANT")) return value(e, scope, "rows");
        JsonNode v = e.path("value");
        if (v.path("is_null").asBoolean(false)) return "nothing";
        String type = v.path("type").path("id").asText();
        String text = v.path("value").asText();
        if (type.equals("DECIMAL")) {
            text = new java.math.BigDecimal(text).movePointLeft(v.path("type").path("type_info").path("scale").asInt(0)).stripTrailingZeros().toPlainString();
        }
        if (type.equals("BOOLEAN")) return text.equals("true") ? "true" : "false";
        if (type.equals("INTERVAL")) return "an interval";
        LocalDate d = Dates.date(text);
        if (d != null) return text; // a date stays parseable for ranges; shown by the caller
        return type.equals("VARCHAR") ? "'" + text + "'" : text;
    }
}
