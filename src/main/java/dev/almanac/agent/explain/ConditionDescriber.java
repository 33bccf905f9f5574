package dev.almanac.agent.explain;

import static dev.almanac.agent.explain.Phrases.and;
import static dev.almanac.agent.explain.Phrases.either;
import static dev.almanac.agent.explain.Phrases.words;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Filters in words (WHERE, HAVING, QUALIFY, a join's condition, an aggregate's FILTER): each condition of an AND its own
 * part, a lower and an upper bound on one column read as one range ("snapshot month is September 2026"), IN as "is a or
 * b", LIKE as "contains", a true/false column as "they are won", subqueries as lists of their own.
 */
final class ConditionDescriber {
    private static final Map<String, String> COMPARISONS = Map.of("COMPARE_EQUAL", "is", "COMPARE_NOTEQUAL", "is not",
            "COMPARE_LESSTHAN", "is below", "COMPARE_GREATERTHAN", "is above", "COMPARE_LESSTHANOREQUALTO", "is at most",
            "COMPARE_GREATERTHANOREQUALTO", "is at least", "COMPARE_DISTINCT_FROM", "is not", "COMPARE_NOT_DISTINCT_FROM", "is");

    private final PlainExplainer explainer;

    ConditionDescriber(PlainExplainer explainer) {
        this.explainer = explainer;
    }

    private String value(JsonNode e, Scope scope) {
        return explainer.values.value(e, scope, "rows");
    }

    /** The parts of a condition: those of an AND each on its own, bounds on one column as one range. */
    List<String> conditions(JsonNode e, Scope scope) {
        List<String> out = new ArrayList<>();
        if (e.path("class").asText().equals("CONJUNCTION") && e.path("type").asText().equals("CONJUNCTION_AND")) {
            Map<String, String[]> ranges = new LinkedHashMap<>();
            Map<String, JsonNode> rangeColumns = new LinkedHashMap<>();
            List<JsonNode> rest = new ArrayList<>();
            for (JsonNode c : e.path("children")) {
                String type = c.path("type").asText();
                boolean bound = c.path("class").asText().equals("COMPARISON") && type.matches("COMPARE_(GREATER|LESS)THAN(OREQUALTO)?");
                if (!bound) {
                    rest.add(c);
                    continue;
                }
                String key = value(c.path("left"), scope);
                String[] r = ranges.computeIfAbsent(key, k -> new String[4]);
                rangeColumns.putIfAbsent(key, c.path("left"));
                int at = type.contains("GREATER") ? 0 : 2;
                if (r[at] != null) {
                    rest.add(c);
                    continue;
                }
                r[at] = type;
                r[at + 1] = boundValue(c.path("right"), scope);
            }
            ranges.forEach((key, r) -> out.add(range(rangeColumns.get(key), r, scope)));
            for (JsonNode c : rest) out.addAll(conditions(c, scope));
            return out;
        }
        out.add(condition(e, scope));
        return out;
    }

    /** A lower and an upper bound on one column: a whole year, quarter or month by its name, else from and to. */
    private String range(JsonNode column, String[] r, Scope scope) {
        String col = value(column, scope);
        LocalDate from = r[1] == null ? null : Dates.date(r[1]);
        LocalDate to = r[3] == null ? null : Dates.date(r[3]);
        if (from != null && to != null && r[0].equals("COMPARE_GREATERTHANOREQUALTO") && r[2].equals("COMPARE_LESSTHAN")) {
            return col + " is " + Dates.period(from, to);
        }
        List<String> parts = new ArrayList<>();
        if (r[0] != null) parts.add(bound(r[0], r[1], from));
        if (r[2] != null) parts.add(bound(r[2], r[3], to));
        return col + " is " + String.join(" and ", parts);
    }

    private static String bound(String type, String value, LocalDate date) {
        String shown = date != null ? Dates.DAY.format(date) : value;
        return switch (type) {
            case "COMPARE_GREATERTHAN" -> (date != null ? "after " : "above ") + shown;
            case "COMPARE_GREATERTHANOREQUALTO" -> (date != null ? "from " : "at least ") + shown;
            case "COMPARE_LESSTHAN" -> (date != null ? "before " : "below ") + shown;
            default -> (date != null ? "up to " : "at most ") + shown;
        };
    }

    /** A value as shown: a date in words, else the constant. */
    private String shown(JsonNode e, Scope scope) {
        Dates.Folded f = Dates.fold(e);
        return f != null ? f.shown() : explainer.values.constant(e, scope);
    }

    /** A bound's value: a date worked out where the SQL computes one from constants ("the month of 2026-09-01" is 2026-09-01), else the value. */
    private String boundValue(JsonNode e, Scope scope) {
        Dates.Folded f = Dates.fold(e);
        return f != null ? f.date().toString() : explainer.values.constant(e, scope);
    }

    /** One condition in words. */
    String condition(JsonNode e, Scope scope) {
        String cls = e.path("class").asText();
        String type = e.path("type").asText();
        switch (cls) {
            case "CONJUNCTION" -> {
                List<String> parts = new ArrayList<>();
                for (JsonNode c : e.path("children")) parts.add(condition(c, scope));
                return type.equals("CONJUNCTION_OR") ? either(parts) : and(parts);
            }
            case "COMPARISON" -> {
                if (e.path("left").path("class").asText().equals("SUBQUERY") || e.path("right").path("class").asText().equals("SUBQUERY")) {
                    return value(e.path("left"), scope) + " " + COMPARISONS.getOrDefault(type, "is") + " " + value(e.path("right"), scope);
                }
                Dates.Folded d = Dates.fold(e.path("right"));
                String shown = d != null ? d.shown() : explainer.values.constant(e.path("right"), scope);
                return value(e.path("left"), scope) + " " + COMPARISONS.getOrDefault(type, "is") + " " + shown;
            }
            case "BETWEEN" -> {
                return value(e.path("input"), scope) + " is between " + shown(e.path("lower"), scope) + " and " + shown(e.path("upper"), scope);
            }
            case "SUBQUERY" -> {
                String kind = e.path("subquery_type").asText();
                String list = scope.list(e.path("subquery").path("node"), "list");
                return switch (kind) {
                    case "EXISTS" -> "there is a row in " + list;
                    case "NOT_EXISTS" -> "there is no row in " + list;
                    case "ANY" -> value(e.path("child"), scope) + " is in " + list;
                    default -> value(e, scope);
                };
            }
            case "OPERATOR" -> {
                List<JsonNode> kids = new ArrayList<>();
                e.path("children").forEach(kids::add);
                switch (type) {
                    case "OPERATOR_IS_NULL" -> {
                        return value(kids.get(0), scope) + " is missing";
                    }
                    case "OPERATOR_IS_NOT_NULL" -> {
                        return value(kids.get(0), scope) + " is filled in";
                    }
                    case "COMPARE_IN", "COMPARE_NOT_IN" -> {
                        List<String> values = new ArrayList<>();
                        for (JsonNode k : kids.subList(1, kids.size())) values.add(shown(k, scope));
                        return value(kids.get(0), scope) + (type.equals("COMPARE_IN") ? " is " + either(values) : " is none of " + and(values));
                    }
                    case "OPERATOR_NOT" -> {
                        JsonNode inner = kids.get(0);
                        if (inner.path("class").asText().equals("COLUMN_REF")) return flag(inner).replaceFirst("^they are ", "they are not ");
                        if (inner.path("class").asText().equals("SUBQUERY") && inner.path("subquery_type").asText().equals("ANY")) {
                            String list = scope.list(inner.path("subquery").path("node"), "list");
                            return value(inner.path("child"), scope) + " is not in " + list;
                        }
                        return "it is not so that " + condition(inner, scope);
                    }
                    default -> {
                        return value(e, scope);
                    }
                }
            }
            case "COLUMN_REF" -> {
                return flag(e);
            }
            case "FUNCTION" -> {
                String f = e.path("function_name").asText();
                if (f.matches("~~\\*?|!~~\\*?|like|ilike|not_like")) {
                    String pattern = e.path("children").get(1).path("value").path("value").asText("");
                    String col = value(e.path("children").get(0), scope);
                    String not = f.startsWith("!") || f.startsWith("not") ? "does not " : "";
                    String likeText = pattern.replace("%", "").replace("_", "");
                    String how = pattern.startsWith("%") && pattern.endsWith("%") ? "contain" : pattern.endsWith("%") ? "start with" : pattern.startsWith("%") ? "end with" : "match";
                    return col + " " + (not.isEmpty() ? how + "s" : not + how) + " '" + likeText + "'";
                }
                return value(e, scope);
            }
            default -> {
                return value(e, scope);
            }
        }
    }

    /** A condition on the rows counted: "whose status is 'won'", "that are won". */
    static String whose(String condition) {
        if (condition.startsWith("they are ")) return " that are " + condition.substring("they are ".length());
        return condition.startsWith("the ") || condition.startsWith("there ") ? " where " + condition : " whose " + condition;
    }

    /** A true/false column as a condition: "is_won" is "won", "is_closed" is "closed". */
    private static String flag(JsonNode column) {
        String c = ColumnNames.lastName(column);
        return "they are " + words(c.replaceFirst("(?i)^(is|has|was)_", ""));
    }
}
