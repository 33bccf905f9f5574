package dev.almanac.agent.explain;

import static dev.almanac.agent.explain.Phrases.isConstant;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Arithmetic named: a share in percent ("the share of leads whose status is 'converted', in percent"), a difference, a
 * ratio; a unit change ("divided by 100") as it is; a sum or difference inside a product bracketed once, never nested.
 */
final class ArithmeticDescriber {
    private final PlainExplainer explainer;

    ArithmeticDescriber(PlainExplainer explainer) {
        this.explainer = explainer;
    }

    private String value(JsonNode e, Scope scope, String rows) {
        return explainer.values.value(e, scope, rows);
    }

    String arithmetic(String op, List<JsonNode> args, Scope scope, String rows) {
        if (args.size() == 1) return op.equals("-") ? "minus " + value(args.get(0), scope, rows) : value(args.get(0), scope, rows);
        JsonNode a = args.get(0);
        JsonNode b = args.get(1);
        if (op.equals("/")) {
            // 100.0 * part / whole, or part * 100.0 / whole: a share in percent
            JsonNode part = hundredTimes(a);
            String whole = value(b, scope, rows);
            if (part != null) {
                String p = value(part, scope, rows);
                String share = countOf(part) && countOf(b) ? share(p, whole) : null;
                return share != null ? share + ", in percent" : p + ", as a percentage of " + whole;
            }
            if (isConstant(b)) return operand(a, scope, rows) + " divided by " + explainer.values.constant(b, scope);
            String share = countOf(a) && countOf(b) ? share(value(a, scope, rows), whole) : null;
            return share != null ? share : operand(a, scope, rows) + " divided by " + operand(b, scope, rows);
        }
        if (op.equals("*")) return operand(a, scope, rows) + " times " + operand(b, scope, rows);
        String word = switch (op) {
            case "+" -> " plus ";
            case "-" -> " minus ";
            case "%" -> " modulo ";
            default -> " divided by ";
        };
        return value(a, scope, rows) + word + (op.equals("-") ? operand(b, scope, rows) : value(b, scope, rows));
    }

    /** An operand of a product, quotient or difference: a sum or difference inside it is bracketed, once; deeper, it is "the result of". */
    private String operand(JsonNode e, Scope scope, String rows) {
        JsonNode n = e.path("class").asText().equals("CAST") ? e.path("child") : e;
        String f = n.path("function_name").asText();
        boolean loose = n.path("class").asText().equals("FUNCTION") && n.path("children").size() == 2 && (f.equals("+") || f.equals("-"));
        if (!loose) return value(e, scope, rows);
        if (bracketed) return "the result of " + value(e, scope, rows);
        bracketed = true;
        try {
            return "(" + value(e, scope, rows) + ")";
        } finally {
            bracketed = false;
        }
    }

    /** Whether an operand is being written inside brackets now (brackets never nest). */
    private boolean bracketed;

    /** A count of rows, possibly of those that meet a condition (one aggregate, no arithmetic): the terms of a share. */
    private static boolean countOf(JsonNode e) {
        JsonNode n = e;
        while (n.path("class").asText().equals("CAST") || n.path("function_name").asText().matches("round|coalesce|nullif")) {
            n = n.path("class").asText().equals("CAST") ? n.path("child") : n.path("children").path(0);
        }
        String f = n.path("function_name").asText();
        if (f.equals("count_star") || f.equals("count")) return true;
        return f.equals("sum") && n.path("children").path(0).path("class").asText().equals("CASE");
    }

    private static String share(String part, String whole) {
        if (part.startsWith(whole + " whose ")) return "the share of " + whole.substring("the number of ".length()) + part.substring(whole.length());
        if (part.startsWith(whole + " that are ")) return "the share of " + whole.substring("the number of ".length()) + part.substring(whole.length());
        if (part.startsWith(whole + " where ")) return "the share of " + whole.substring("the number of ".length()) + part.substring(whole.length());
        return null;
    }

    /** The other factor of "100 * x" or "x * 100"; null when the expression is not that. */
    private static JsonNode hundredTimes(JsonNode e) {
        if (!e.path("function_name").asText().equals("*") || e.path("children").size() != 2) return null;
        if (isHundred(e.path("children").get(0))) return e.path("children").get(1);
        if (isHundred(e.path("children").get(1))) return e.path("children").get(0);
        return null;
    }

    private static boolean isHundred(JsonNode e) {
        JsonNode c = e.path("class").asText().equals("CAST") ? e.path("child") : e;
        if (!c.path("class").asText().equals("CONSTANT")) return false;
        String v = c.path("value").path("value").asText();
        int scale = c.path("value").path("type").path("type_info").path("scale").asInt(0);
        try {
            return new java.math.BigDecimal(v).movePointLeft(scale).compareTo(java.math.BigDecimal.valueOf(100)) == 0;
        } catch (NumberFormatException ex) {
            return false;
        }
    }
}
