package dev.almanac.sql;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A plain-English description of what a query does, written from DuckDB's own parse tree: the
 * tables and how they are joined, every filter with its values (a lower and an upper bound on the
 * same column read as a range), the grouping, every measure, the filters on groups, the ordering and
 * the row limit. Deterministic: the same SQL gives the same text. Expressions keep their column
 * names and values as written, so a reader can find each part of the SQL in the text.
 */
public final class Explainer {
    private static final Set<String> AGGREGATES = Set.of("count", "count_star", "sum", "avg", "mean", "min", "max", "median", "quantile_cont",
            "quantile_disc", "stddev", "stddev_samp", "variance", "string_agg", "list", "array_agg", "approx_count_distinct", "first", "last",
            "mode", "arg_max", "arg_min", "bool_and", "bool_or");
    private static final Map<String, String> OPERATORS = Map.ofEntries(
            Map.entry("COMPARE_EQUAL", "="), Map.entry("COMPARE_NOTEQUAL", "<>"), Map.entry("COMPARE_LESSTHAN", "<"),
            Map.entry("COMPARE_GREATERTHAN", ">"), Map.entry("COMPARE_LESSTHANOREQUALTO", "<="), Map.entry("COMPARE_GREATERTHANOREQUALTO", ">="),
            Map.entry("COMPARE_DISTINCT_FROM", "IS DISTINCT FROM"), Map.entry("COMPARE_NOT_DISTINCT_FROM", "IS NOT DISTINCT FROM"));
    private static final Map<String, String> WORDS = Map.of("=", "is", "<>", "is not", "<", "is below", ">", "is above", "<=", "is at most",
            ">=", "is at least");

    private final Guard guard;

    public Explainer(Guard guard) {
        this.guard = guard;
    }

    public String explain(String sql) {
        List<String> sentences = new ArrayList<>();
        describe(guard.parse(sql), sentences, "");
        return String.join(" ", sentences);
    }

    private void describe(JsonNode node, List<String> out, String prefix) {
        for (JsonNode cte : node.path("cte_map").path("map")) {
            List<String> inner = new ArrayList<>();
            describe(cte.path("value").path("query").path("node"), inner, "");
            out.add("First, as \"" + cte.path("key").asText() + "\": " + lowerFirst(String.join(" ", inner)));
        }
        if (node.path("type").asText().equals("SET_OPERATION_NODE")) {
            List<String> left = new ArrayList<>();
            List<String> right = new ArrayList<>();
            describe(node.path("left"), left, "");
            describe(node.path("right"), right, "");
            String op = node.path("setop_type").asText("UNION").replace('_', ' ');
            out.add(prefix + "Combines two queries with " + op + (node.path("setop_all").asBoolean(false) ? " ALL" : "") + ": (1) "
                    + lowerFirst(String.join(" ", left)) + " (2) " + lowerFirst(String.join(" ", right)));
            modifiers(node, out);
            return;
        }
        String from = from(node.path("from_table"));
        if (!from.isEmpty()) out.add(prefix + "Reads " + from + (from.endsWith(".") ? "" : "."));
        JsonNode where = node.path("where_clause");
        if (!where.isMissingNode() && !where.isNull()) out.add("Keeps the rows where " + predicate(where) + ".");
        List<String> groups = new ArrayList<>();
        for (JsonNode g : node.path("group_expressions")) groups.add(expr(g));
        boolean groupAll = node.path("aggregate_handling").asText().equals("FORCE_AGGREGATES");
        if (!groups.isEmpty()) out.add("Groups them by " + String.join(", ", groups) + ".");
        else if (groupAll) out.add("Groups them by every column that is not a measure.");
        List<String> measures = new ArrayList<>();
        List<String> columns = new ArrayList<>();
        for (JsonNode e : node.path("select_list")) {
            String text = expr(e) + (e.path("alias").asText("").isEmpty() ? "" : " as " + e.path("alias").asText());
            if (hasAggregate(e)) measures.add(text);
            else columns.add(text);
        }
        if (!measures.isEmpty()) out.add("Computes " + String.join("; ", measures) + (groups.isEmpty() && !groupAll ? " over all of them" : " for each group") + ".");
        if (!columns.isEmpty()) out.add((measures.isEmpty() ? "Shows " : "Also shows ") + String.join(", ", columns) + ".");
        JsonNode having = node.path("having");
        if (!having.isMissingNode() && !having.isNull()) out.add("Keeps only the groups where " + predicate(having) + ".");
        JsonNode qualify = node.path("qualify");
        if (!qualify.isMissingNode() && !qualify.isNull()) out.add("Keeps only the rows where " + predicate(qualify) + " (after the window functions).");
        modifiers(node, out);
    }

    private void modifiers(JsonNode node, List<String> out) {
        for (JsonNode m : node.path("modifiers")) {
            switch (m.path("type").asText()) {
                case "DISTINCT_MODIFIER" -> out.add("Removes duplicate rows.");
                case "ORDER_MODIFIER" -> {
                    List<String> orders = new ArrayList<>();
                    for (JsonNode o : m.path("orders")) {
                        orders.add(expr(o.path("expression")) + (o.path("type").asText().contains("DESC") ? " (highest first)" : " (lowest first)"));
                    }
                    out.add("Sorts by " + String.join(", then ", orders) + ".");
                }
                case "LIMIT_MODIFIER" -> {
                    if (!m.path("limit").isNull() && !m.path("limit").isMissingNode()) out.add("Keeps the first " + expr(m.path("limit")) + " rows"
                            + (m.path("offset").isNull() || m.path("offset").isMissingNode() ? "" : " after skipping " + expr(m.path("offset"))) + ".");
                }
                default -> { }
            }
        }
    }

    private String from(JsonNode t) {
        switch (t.path("type").asText()) {
            case "BASE_TABLE" -> {
                String schema = t.path("schema_name").asText("");
                return (schema.isEmpty() || schema.equals("main") ? "" : schema + ".") + t.path("table_name").asText() + alias(t);
            }
            case "JOIN" -> {
                String kind = switch (t.path("join_type").asText("INNER")) {
                    case "LEFT" -> "keeping every row of the first even without a match in";
                    case "RIGHT" -> "keeping every row of";
                    case "OUTER" -> "keeping unmatched rows of both sides of";
                    default -> "joined with";
                };
                String right = from(t.path("right"));
                String on = t.path("condition").isNull() || t.path("condition").isMissingNode()
                        ? (t.path("using_columns").size() > 0 ? " on equal " + join(t.path("using_columns")) : t.path("ref_type").asText().equals("CROSS") ? " (every combination)" : "")
                        : " on " + joinCondition(t.path("condition"));
                return from(t.path("left")) + ", " + kind + " " + right + on;
            }
            case "SUBQUERY" -> {
                List<String> inner = new ArrayList<>();
                describe(t.path("subquery").path("node"), inner, "");
                return "the result of a subquery" + alias(t) + " that " + lowerFirst(String.join(" ", inner));
            }
            case "TABLE_FUNCTION" -> {
                return "the generated rows of " + expr(t.path("function")) + alias(t);
            }
            case "EXPRESSION_LIST" -> {
                return "a list of " + t.path("values").size() + " literal rows";
            }
            case "SHOW_REF" -> {
                return "the description of " + t.path("table_name").asText("a query");
            }
            default -> {
                return "";
            }
        }
    }

    /** Join conditions keep their operators: "a.id = b.id" reads better than words here. */
    private String joinCondition(JsonNode c) {
        if (c.path("class").asText().equals("COMPARISON")) {
            return expr(c.path("left")) + " " + OPERATORS.getOrDefault(c.path("type").asText(), "?") + " " + expr(c.path("right"));
        }
        if (c.path("class").asText().equals("CONJUNCTION") && c.path("type").asText().equals("CONJUNCTION_AND")) {
            List<String> parts = new ArrayList<>();
            for (JsonNode k : c.path("children")) parts.add(joinCondition(k));
            return String.join(" and ", parts);
        }
        return predicate(c);
    }

    private static String alias(JsonNode t) {
        String a = t.path("alias").asText("");
        return a.isEmpty() ? "" : " (as " + a + ")";
    }

    /** A condition in words; a lower and an upper bound on the same expression read as one range. */
    String predicate(JsonNode e) {
        if (e.path("class").asText().equals("CONJUNCTION")) {
            List<JsonNode> parts = new ArrayList<>();
            for (JsonNode c : e.path("children")) parts.add(c);
            String joiner = e.path("type").asText().equals("CONJUNCTION_OR") ? ", or " : ", and ";
            if (joiner.equals(", and ")) {
                Map<String, String[]> ranges = new LinkedHashMap<>();
                List<String> rest = new ArrayList<>();
                for (JsonNode c : parts) {
                    String op = OPERATORS.get(c.path("type").asText());
                    if (c.path("class").asText().equals("COMPARISON") && op != null && (op.startsWith(">") || op.startsWith("<"))) {
                        String[] range = ranges.computeIfAbsent(expr(c.path("left")), k -> new String[2]);
                        String bound = expr(c.path("right"));
                        boolean date = bound.matches("'\\d{4}-\\d{2}-\\d{2}.*");
                        if (op.startsWith(">") && range[0] == null) range[0] = (op.equals(">=") ? (date ? "from " : "at least ") : (date ? "after " : "above ")) + bound;
                        else if (op.startsWith("<") && range[1] == null) range[1] = (op.equals("<") ? (date ? "before " : "below ") : (date ? "up to and including " : "at most ")) + bound;
                        else rest.add(predicate(c));
                    } else {
                        rest.add(predicate(c));
                    }
                }
                List<String> all = new ArrayList<>();
                ranges.forEach((col, r) -> all.add(col + " is " + (r[0] == null ? "" : r[0]) + (r[0] != null && r[1] != null ? " and " : "") + (r[1] == null ? "" : r[1])));
                all.addAll(rest);
                return String.join(joiner, all);
            }
            List<String> texts = new ArrayList<>();
            for (JsonNode c : parts) texts.add(predicate(c));
            return "(" + String.join(joiner, texts) + ")";
        }
        switch (e.path("class").asText()) {
            case "COMPARISON" -> {
                String op = OPERATORS.getOrDefault(e.path("type").asText(), e.path("type").asText());
                return expr(e.path("left")) + " " + WORDS.getOrDefault(op, op) + " " + expr(e.path("right"));
            }
            case "BETWEEN" -> {
                return expr(e.path("input")) + " is between " + expr(e.path("lower")) + " and " + expr(e.path("upper"));
            }
            case "OPERATOR" -> {
                String type = e.path("type").asText();
                List<String> kids = new ArrayList<>();
                for (JsonNode c : e.path("children")) kids.add(expr(c));
                switch (type) {
                    case "OPERATOR_IS_NULL" -> {
                        return kids.get(0) + " is empty (NULL)";
                    }
                    case "OPERATOR_IS_NOT_NULL" -> {
                        return kids.get(0) + " is filled in (not NULL)";
                    }
                    case "COMPARE_IN" -> {
                        return kids.get(0) + " is one of " + String.join(", ", kids.subList(1, kids.size()));
                    }
                    case "COMPARE_NOT_IN" -> {
                        return kids.get(0) + " is none of " + String.join(", ", kids.subList(1, kids.size()));
                    }
                    case "OPERATOR_NOT" -> {
                        return "not (" + predicate(e.path("children").get(0)) + ")";
                    }
                    case "OPERATOR_COALESCE" -> {
                        return "coalesce(" + String.join(", ", kids) + ")";
                    }
                    default -> {
                        return type.replace("OPERATOR_", "").toLowerCase(Locale.ROOT) + "(" + String.join(", ", kids) + ")";
                    }
                }
            }
            case "FUNCTION" -> {
                String f = e.path("function_name").asText();
                if (f.equals("~~") || f.equals("~~*") || f.equals("!~~")) {
                    return expr(e.path("children").get(0)) + (f.equals("!~~") ? " does not match " : " matches ") + expr(e.path("children").get(1))
                            + (f.equals("~~*") ? " (ignoring case)" : "");
                }
                return expr(e);
            }
            case "SUBQUERY" -> {
                List<String> inner = new ArrayList<>();
                describe(e.path("subquery").path("node"), inner, "");
                String kind = e.path("subquery_type").asText();
                String test = kind.equals("EXISTS") ? "there is a row in: " : kind.equals("NOT_EXISTS") ? "there is no row in: " : "";
                if (kind.equals("ANY")) return expr(e.path("child")) + " is among the results of: " + lowerFirst(String.join(" ", inner));
                return test + lowerFirst(String.join(" ", inner));
            }
            default -> {
                return expr(e);
            }
        }
    }

    /** An expression as compact SQL text with its names and values. */
    String expr(JsonNode e) {
        switch (e.path("class").asText()) {
            case "COLUMN_REF" -> {
                List<String> names = new ArrayList<>();
                e.path("column_names").forEach(n -> names.add(n.asText()));
                return String.join(".", names);
            }
            case "CONSTANT" -> {
                JsonNode v = e.path("value");
                if (v.path("is_null").asBoolean(false)) return "NULL";
                String type = v.path("type").path("id").asText();
                String text = v.path("value").asText();
                if (type.equals("DECIMAL")) {
                    int scale = v.path("type").path("type_info").path("scale").asInt(0);
                    text = new java.math.BigDecimal(text).movePointLeft(scale).toPlainString();
                }
                return type.equals("VARCHAR") || type.startsWith("DATE") || type.startsWith("TIMESTAMP") ? "'" + text + "'" : text;
            }
            case "STAR" -> {
                return "all columns";
            }
            case "CAST" -> {
                String type = e.path("cast_type").path("id").asText().toLowerCase(Locale.ROOT);
                return expr(e.path("child")) + (type.equals("date") || type.equals("timestamp") ? " (as a " + type + ")" : "");
            }
            case "FUNCTION", "AGGREGATE", "WINDOW" -> {
                String f = e.path("function_name").asText();
                List<String> args = new ArrayList<>();
                for (JsonNode c : e.path("children")) args.add(expr(c));
                if (e.path("is_operator").asBoolean(false) || f.matches("[+\\-*/%]|\\|\\|")) {
                    return args.size() == 2 ? "(" + args.get(0) + " " + f + " " + args.get(1) + ")" : f + args.get(0);
                }
                String call = f + "(" + (e.path("distinct").asBoolean(false) ? "DISTINCT " : "") + String.join(", ", args) + ")";
                if (f.equals("count_star")) call = "count(*)";
                if (e.path("class").asText().equals("WINDOW")) {
                    List<String> parts = new ArrayList<>();
                    e.path("partitions").forEach(p -> parts.add(expr(p)));
                    call += " over " + (parts.isEmpty() ? "all rows" : "each " + String.join(", ", parts));
                    List<String> orders = new ArrayList<>();
                    e.path("orders").forEach(o -> orders.add(expr(o.path("expression")) + (o.path("type").asText().contains("DESC") ? " descending" : "")));
                    if (!orders.isEmpty()) call += " ordered by " + String.join(", ", orders);
                }
                if (!e.path("filter").isNull() && !e.path("filter").isMissingNode()) call += " counting only rows where " + predicate(e.path("filter"));
                return call;
            }
            case "COMPARISON", "CONJUNCTION", "BETWEEN", "OPERATOR" -> {
                return predicate(e);
            }
            case "CASE" -> {
                List<String> parts = new ArrayList<>();
                for (JsonNode c : e.path("case_checks")) parts.add("when " + predicate(c.path("when_expr")) + " then " + expr(c.path("then_expr")));
                return "(" + String.join("; ", parts) + (e.path("else_expr").isMissingNode() ? "" : "; otherwise " + expr(e.path("else_expr"))) + ")";
            }
            case "SUBQUERY" -> {
                List<String> inner = new ArrayList<>();
                describe(e.path("subquery").path("node"), inner, "");
                return "(the value of a subquery that " + lowerFirst(String.join(" ", inner)) + ")";
            }
            case "PARAMETER" -> {
                return "$" + e.path("identifier").asText("?");
            }
            default -> {
                return e.path("alias").asText(e.path("class").asText("expression").toLowerCase(Locale.ROOT));
            }
        }
    }

    public static boolean hasAggregate(JsonNode e) {
        if (e.isObject()) {
            String cls = e.path("class").asText();
            if ((cls.equals("FUNCTION") || cls.equals("AGGREGATE")) && AGGREGATES.contains(e.path("function_name").asText().toLowerCase(Locale.ROOT))) return true;
            if (cls.equals("SUBQUERY") || cls.equals("WINDOW")) return false;
            for (JsonNode c : e) if (c.isContainerNode() && hasAggregate(c)) return true;
        } else if (e.isArray()) {
            for (JsonNode c : e) if (hasAggregate(c)) return true;
        }
        return false;
    }

    private static String join(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return String.join(", ", out);
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
