package dev.almanac.agent.explain;

import static dev.almanac.agent.explain.Phrases.and;
import static dev.almanac.agent.explain.Phrases.plural;
import static dev.almanac.agent.explain.Phrases.present;
import static dev.almanac.agent.explain.Phrases.words;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Aggregates and functions by what they compute: "the number of orders", "the number of different customers", "the total
 * of amount", a conditional sum as a count of those that meet the condition, "the earliest order date"; rounding, casts,
 * case changes and defaults left out; dates cut to a grain ("the month of order date"); a concatenation of labels as the
 * label per condition; arithmetic to {@link ArithmeticDescriber}.
 */
final class FunctionDescriber {
    private final PlainExplainer explainer;

    FunctionDescriber(PlainExplainer explainer) {
        this.explainer = explainer;
    }

    private String value(JsonNode e, Scope scope, String rows) {
        return explainer.values.value(e, scope, rows);
    }

    String function(JsonNode e, Scope scope, String rows) {
        String f = e.path("function_name").asText().toLowerCase(Locale.ROOT);
        List<JsonNode> args = new ArrayList<>();
        e.path("children").forEach(args::add);
        String where = present(e.path("filter")) ? ConditionDescriber.whose(and(explainer.conditions.conditions(e.path("filter"), scope))) : "";
        boolean distinct = e.path("distinct").asBoolean(false);
        switch (f) {
            case "count_star" -> {
                return "the number of " + rows + where;
            }
            case "count" -> {
                if (args.isEmpty()) return "the number of " + rows + where;
                return distinct ? "the number of different " + plural(value(args.get(0), scope, rows)) + where
                        : "the number of " + rows + where + " with " + value(args.get(0), scope, rows) + " filled in";
            }
            case "sum" -> {
                JsonNode a = args.get(0);
                if (a.path("class").asText().equals("CASE")) {
                    String counted = value(a, scope, rows);
                    if (counted.startsWith("1 for each of those where ")) return "the number of " + rows + ConditionDescriber.whose(counted.substring("1 for each of those where ".length())) + where;
                }
                return "the total of " + value(a, scope, rows) + where;
            }
            case "avg", "mean" -> {
                return "the average of " + value(args.get(0), scope, rows) + where;
            }
            case "median" -> {
                return "the median of " + value(args.get(0), scope, rows) + where;
            }
            case "min", "max" -> {
                String what = value(args.get(0), scope, rows);
                boolean time = what.matches("(?i).*\\b(date|day|month|quarter|year|week|time|at|on)$");
                String extreme = f.equals("min") ? (time ? "the earliest " : "the lowest ") : (time ? "the latest " : "the highest ");
                return extreme + what + where;
            }
            case "round", "floor", "ceil", "ceiling", "trunc", "abs" -> {
                return value(args.get(0), scope, rows); // rounding is how it is shown, not what is computed
            }
            case "nullif", "coalesce", "ifnull" -> {
                return value(args.get(0), scope, rows);
            }
            case "date_trunc", "datetrunc" -> {
                String grain = args.get(0).path("value").path("value").asText("period");
                return "the " + grain.toLowerCase(Locale.ROOT) + " of " + value(args.get(1), scope, rows);
            }
            case "year", "month", "quarter", "day", "week", "dayofweek", "hour" -> {
                return "the " + f.replace("dayofweek", "weekday") + " of " + value(args.get(0), scope, rows);
            }
            case "date_part", "datepart", "extract" -> {
                return "the " + args.get(0).path("value").path("value").asText("part").toLowerCase(Locale.ROOT) + " of " + value(args.get(1), scope, rows);
            }
            case "strftime" -> {
                return value(args.get(0), scope, rows) + " written as text";
            }
            case "date_diff", "datediff" -> {
                String unit = args.get(0).path("value").path("value").asText("day").toLowerCase(Locale.ROOT);
                return "the " + unit + "s from " + value(args.get(1), scope, rows) + " to " + value(args.get(2), scope, rows);
            }
            case "lower", "upper", "trim", "lcase", "ucase", "epoch_ms", "to_timestamp", "make_timestamp", "epoch", "to_date", "try_cast" -> {
                return value(args.get(0), scope, rows);
            }
            case "concat", "||" -> {
                List<String[]> labels = labels(e, scope);
                if (labels != null && labels.size() > 1) {
                    List<String> parts = new ArrayList<>();
                    for (String[] l : labels) parts.add("'" + l[0] + "'" + (l[1] == null ? "" : " where " + l[1]));
                    return String.join(", else ", parts); // 'legacy (active)' where ..., else 'legacy (canceled)'
                }
                List<String> parts = new ArrayList<>();
                for (JsonNode a : args) parts.add(value(a, scope, rows));
                return and(parts) + " written together";
            }
            case "+", "-", "*", "/", "//", "%" -> {
                return explainer.arithmetic.arithmetic(f, args, scope, rows);
            }
            case "to_days", "to_weeks", "to_months", "to_years" -> { // INTERVAL 1 MONTH
                String n = Dates.firstConstant(args.get(0)).path("value").path("value").asText("some");
                String unit = f.substring(3, f.length() - 1);
                return n + " " + (n.equals("1") ? unit : unit + "s");
            }
            default -> {
                List<String> parts = new ArrayList<>();
                for (JsonNode a : args) parts.add(value(a, scope, rows));
                return "the " + words(f) + " of " + and(parts);
            }
        }
    }

    /**
     * The texts a concatenation of constants and at most one CASE of constant texts gives, each with the condition it is
     * given under ({@code null}: otherwise); null when it is anything else.
     */
    private List<String[]> labels(JsonNode e, Scope scope) {
        String cls = e.path("class").asText();
        if (cls.equals("CAST")) return labels(e.path("child"), scope);
        if (cls.equals("CONSTANT")) {
            return e.path("value").path("type").path("id").asText().equals("VARCHAR") ? List.<String[]>of(new String[] {e.path("value").path("value").asText(), null}) : null;
        }
        if (cls.equals("CASE")) {
            List<String[]> out = new ArrayList<>();
            for (JsonNode c : e.path("case_checks")) {
                List<String> then = single(labels(c.path("then_expr"), scope));
                if (then == null) return null;
                out.add(new String[] {then.get(0), explainer.conditions.condition(c.path("when_expr"), scope)});
            }
            List<String> otherwise = present(e.path("else_expr")) ? single(labels(e.path("else_expr"), scope)) : null;
            if (otherwise == null) return null;
            out.add(new String[] {otherwise.get(0), null});
            return out;
        }
        String f = e.path("function_name").asText();
        if (!cls.equals("FUNCTION") || !(f.equals("||") || f.equals("concat"))) return null;
        List<String[]> out = List.<String[]>of(new String[] {"", null});
        for (JsonNode a : e.path("children")) {
            List<String[]> part = labels(a, scope);
            if (part == null || (part.size() > 1 && out.size() > 1)) return null;
            List<String[]> next = new ArrayList<>();
            for (String[] o : out) for (String[] p : part) next.add(new String[] {o[0] + p[0], o[1] != null ? o[1] : p[1]});
            out = next;
        }
        return out;
    }

    private static List<String> single(List<String[]> labels) {
        return labels == null || labels.size() != 1 ? null : List.of(labels.get(0)[0]);
    }

}
