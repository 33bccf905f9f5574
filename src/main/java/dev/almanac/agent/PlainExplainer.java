package dev.almanac.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.almanac.knowledge.KnowledgeSet;
import dev.almanac.semantic.Dataset;
import dev.almanac.semantic.Dimension;
import dev.almanac.semantic.SemanticModel;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a query computes, written for someone who does not read SQL (the answer's explanation): tables and columns by
 * their business names (a semantic dimension's label, else the name in words: "support_tickets" is "support tickets"),
 * measures named ("the number of orders", "the total of total amount", "the share of leads whose status is 'converted',
 * in percent"), rounding, casts and defaults left out, periods as periods ("in 2025"), and every subquery a sentence of
 * its own ("List A: ..."). No function-call syntax and no nested brackets; one short sentence per step. Deterministic:
 * the same SQL and knowledge give the same text. The exact reading for analysts is {@link dev.almanac.sql.Explainer}.
 */
final class PlainExplainer {
    private static final Map<String, String> COMPARISONS = Map.of("COMPARE_EQUAL", "is", "COMPARE_NOTEQUAL", "is not",
            "COMPARE_LESSTHAN", "is below", "COMPARE_GREATERTHAN", "is above", "COMPARE_LESSTHANOREQUALTO", "is at most",
            "COMPARE_GREATERTHANOREQUALTO", "is at least", "COMPARE_DISTINCT_FROM", "is not", "COMPARE_NOT_DISTINCT_FROM", "is");
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("d MMMM yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("MMMM yyyy", Locale.ENGLISH);

    private final java.util.function.Function<String, JsonNode> parser;
    /** Column label by "table.column" (lower case), from the semantic model's dimensions. */
    private final Map<String, String> columnLabels = new HashMap<>();

    /** @param parser the statement's parse tree in DuckDB's form (the guard's {@code parse}) */
    PlainExplainer(java.util.function.Function<String, JsonNode> parser, KnowledgeSet knowledge) {
        this.parser = parser;
        SemanticModel model = knowledge.semantic().isEmpty() ? SemanticModel.EMPTY : SemanticModel.of(knowledge.semantic());
        Map<String, String> tableOf = new HashMap<>();
        java.util.regex.Pattern from = java.util.regex.Pattern.compile("(?i)\\bfrom\\s+([A-Za-z_][A-Za-z0-9_.]*)");
        for (Dataset d : model.datasets()) {
            if (d.table() != null) {
                tableOf.put(d.name(), KnowledgeApplied.bare(d.table()));
            } else if (d.sql() != null) { // a dataset written as SQL: the table it reads first
                java.util.regex.Matcher m = from.matcher(d.sql());
                if (m.find()) tableOf.put(d.name(), KnowledgeApplied.bare(m.group(1)));
            }
        }
        for (Dimension d : model.dimensions()) {
            String table = tableOf.get(d.dataset());
            String column = d.expr() == null ? d.name() : d.expr().strip();
            if (table == null || d.label() == null || !column.matches("[A-Za-z_][A-Za-z0-9_]*")) continue;
            columnLabels.putIfAbsent(table + "." + column.toLowerCase(Locale.ROOT), words(d.label()));
        }
    }

    String explain(String sql) {
        Scope scope = new Scope();
        List<String> out = new ArrayList<>();
        query(parser.apply(sql), scope, out, true);
        out.addAll(scope.lists.values());
        return String.join(" ", out);
    }

    /** The sentences of the work of one query, and of the lists it uses, numbered in the order they are met. */
    private final class Scope {
        final java.util.TreeMap<Character, String> lists = new java.util.TreeMap<>();
        int next;
        /** The table each alias of the current query stands for. */
        Map<String, String> aliases = new HashMap<>();
        /** The tables the current query reads more than once (a self-join): their columns are told apart by alias. */
        Set<String> repeated = new java.util.HashSet<>();
        /** How a table read twice is matched to itself ("It matches cur to prev where ..."), said after the sentence that reads it. */
        final List<String> matches = new ArrayList<>();

        /** A subquery as a named list whose own sentence follows ("List A: ..."). */
        String list(JsonNode node, String kind) {
            char letter = (char) ('A' + next++);
            String name = kind + " " + letter;
            List<String> inner = new ArrayList<>();
            query(node, this, inner, false);
            lists.put(letter, capitalized(name) + ": " + lowerFirst(String.join(" ", inner)));
            return name;
        }
    }

    private void query(JsonNode node, Scope scope, List<String> out, boolean main) {
        Map<String, String> outer = scope.aliases;
        Set<String> outerRepeated = scope.repeated;
        scope.aliases = new HashMap<>();
        Map<String, Integer> count = new HashMap<>();
        countTables(node.path("from_table"), count);
        scope.repeated = new java.util.HashSet<>();
        count.forEach((t, n) -> { if (n > 1) scope.repeated.add(t); });
        try {
            select(node, scope, out, main);
        } finally {
            scope.aliases = outer;
            scope.repeated = outerRepeated;
        }
    }

    private void select(JsonNode node, Scope scope, List<String> out, boolean main) {
        for (JsonNode cte : node.path("cte_map").path("map")) {
            List<String> inner = new ArrayList<>();
            query(cte.path("value").path("query").path("node"), scope, inner, false);
            out.add((out.isEmpty() ? "First" : "Then") + " it works out " + words(cte.path("key").asText()) + ": " + lowerFirst(String.join(" ", inner)));
        }
        if (node.path("type").asText().equals("SET_OPERATION_NODE")) {
            String op = node.path("setop_type").asText("UNION");
            String a = scope.list(node.path("left"), "list");
            String b = scope.list(node.path("right"), "list");
            out.add(switch (op) {
                case "EXCEPT" -> "It takes the rows of " + a + " that are not in " + b + ".";
                case "INTERSECT" -> "It takes the rows that are in both " + a + " and " + b + ".";
                default -> "It puts " + a + " and " + b + " together" + (node.path("setop_all").asBoolean(false) ? "." : ", once each.");
            });
            order(node, scope, out);
            return;
        }
        int mark = scope.matches.size();
        Source from = source(node.path("from_table"), scope);
        List<String> matched = new ArrayList<>(scope.matches.subList(mark, scope.matches.size()));
        scope.matches.subList(mark, scope.matches.size()).clear();
        String rows = from.rows;
        List<String> conditions = new ArrayList<>();
        JsonNode where = node.path("where_clause");
        if (present(where)) conditions.addAll(conditions(where, scope));
        if (!from.text.isEmpty()) {
            out.add((main ? "It reads " : "It takes ") + from.text + (conditions.isEmpty() ? "" : ", keeping only " + rows + " where " + and(conditions)) + ".");
        }
        out.addAll(matched);
        JsonNode qualify = node.path("qualify");
        if (present(qualify)) out.add(firstPer(qualify, scope).orElse("It then keeps only the rows where " + and(conditions(qualify, scope))) + ".");

        // the columns shown: those that are group keys or plain columns, and the measures
        Map<String, String> named = new LinkedHashMap<>(); // shown name -> what it is
        List<String> keys = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        boolean distinct = false;
        for (JsonNode m : node.path("modifiers")) if (m.path("type").asText().equals("DISTINCT_MODIFIER")) distinct = true;
        JsonNode groups = node.path("group_expressions");
        List<String> groupTexts = new ArrayList<>();
        for (JsonNode g : groups) groupTexts.add(value(resolveGroup(g, node), scope, rows));
        for (JsonNode e : node.path("select_list")) {
            String alias = e.path("alias").asText("");
            if (dev.almanac.sql.Explainer.hasAggregate(e) || e.path("class").asText().equals("WINDOW")) {
                named.put(alias.isEmpty() ? null : words(alias), measure(e, scope, rows));
            } else if (e.path("class").asText().equals("STAR")) {
                continue; // every column: nothing to say
            } else {
                String v = value(e, scope, rows);
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
        JsonNode having = node.path("having");
        if (present(having)) out.add("It keeps only the groups where " + and(conditions(having, scope)) + ".");
        order(node, scope, out);
    }

    /** "row_number() over (partition by k order by o) = 1": one row per k. */
    private java.util.Optional<String> firstPer(JsonNode q, Scope scope) {
        if (!q.path("class").asText().equals("COMPARISON") || !q.path("type").asText().equals("COMPARE_EQUAL")) return java.util.Optional.empty();
        JsonNode w = q.path("left");
        if (!w.path("class").asText().equals("WINDOW") || !w.path("function_name").asText().equals("row_number")
                || !q.path("right").path("value").path("value").asText().equals("1")) {
            return java.util.Optional.empty();
        }
        List<String> per = new ArrayList<>();
        w.path("partitions").forEach(p -> per.add(value(p, scope, "rows")));
        List<String> by = new ArrayList<>();
        w.path("orders").forEach(o -> by.add((o.path("type").asText().contains("DESC") ? "the highest " : "the lowest ") + value(o.path("expression"), scope, "rows")));
        return java.util.Optional.of("It then keeps one row for each " + and(per) + (by.isEmpty() ? "" : ", the one with " + and(by)));
    }

    private void order(JsonNode node, Scope scope, List<String> out) {
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
            if (!item.isMissingNode()) return item.path("alias").asText("").isEmpty() ? value(item, scope, "rows") : words(item.path("alias").asText());
        }
        if (e.path("class").asText().equals("COLUMN_REF") && e.path("column_names").size() == 1) {
            for (JsonNode item : node.path("select_list")) {
                if (item.path("alias").asText("").equalsIgnoreCase(e.path("column_names").get(0).asText())) return words(item.path("alias").asText());
            }
        }
        return value(e, scope, "rows");
    }

    /** GROUP BY 1: the first item shown. */
    private static JsonNode resolveGroup(JsonNode g, JsonNode node) {
        if (g.path("class").asText().equals("CONSTANT") && g.path("value").path("type").path("id").asText().matches("INTEGER|BIGINT")) {
            JsonNode item = node.path("select_list").path(g.path("value").path("value").asInt() - 1);
            if (!item.isMissingNode()) return item;
        }
        return g;
    }

    private record Source(String text, String rows) {}

    /** A join whose right side reads a table (or list) the left side reads too: matched by its condition, not by a key. */
    private static boolean selfJoin(JsonNode join) {
        JsonNode l = join.path("left");
        JsonNode r = join.path("right");
        return l.path("type").asText().equals("BASE_TABLE") && r.path("type").asText().equals("BASE_TABLE")
                && l.path("table_name").asText().equalsIgnoreCase(r.path("table_name").asText());
    }

    private static void countTables(JsonNode t, Map<String, Integer> count) {
        if (t.path("type").asText().equals("BASE_TABLE")) count.merge(t.path("table_name").asText().toLowerCase(Locale.ROOT), 1, Integer::sum);
        if (t.path("type").asText().equals("JOIN")) {
            countTables(t.path("left"), count);
            countTables(t.path("right"), count);
        }
    }

    private Source source(JsonNode t, Scope scope) {
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
                            + " where " + and(conditions(on, scope)) + ".");
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

    // ------------------------------------------------------------------ conditions

    private List<String> conditions(JsonNode e, Scope scope) {
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
                String key = value(c.path("left"), scope, "rows");
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
        String col = value(column, scope, "rows");
        LocalDate from = r[1] == null ? null : date(r[1]);
        LocalDate to = r[3] == null ? null : date(r[3]);
        if (from != null && to != null && r[0].equals("COMPARE_GREATERTHANOREQUALTO") && r[2].equals("COMPARE_LESSTHAN")) {
            return col + " is " + period(from, to);
        }
        List<String> parts = new ArrayList<>();
        if (r[0] != null) parts.add(bound(r[0], r[1], from));
        if (r[2] != null) parts.add(bound(r[2], r[3], to));
        return col + " is " + String.join(" and ", parts);
    }

    private static String bound(String type, String value, LocalDate date) {
        String shown = date != null ? DAY.format(date) : value;
        return switch (type) {
            case "COMPARE_GREATERTHAN" -> (date != null ? "after " : "above ") + shown;
            case "COMPARE_GREATERTHANOREQUALTO" -> (date != null ? "from " : "at least ") + shown;
            case "COMPARE_LESSTHAN" -> (date != null ? "before " : "below ") + shown;
            default -> (date != null ? "up to " : "at most ") + shown;
        };
    }

    /** A value as shown: a date in words, else the constant. */
    private String shown(JsonNode e, Scope scope) {
        Folded f = fold(e);
        return f != null ? f.shown() : constant(e, scope);
    }

    /** A bound's value: a date worked out where the SQL computes one from constants ("the month of 2026-09-01" is 2026-09-01), else the value. */
    private String boundValue(JsonNode e, Scope scope) {
        Folded f = fold(e);
        return f != null ? f.date().toString() : constant(e, scope);
    }

    /** A date computed from constants only, and the grain it was cut to (null when it is a plain day). */
    private record Folded(LocalDate date, String grain) {
        String shown() {
            if (grain == null) return DAY.format(date);
            return switch (grain) {
                case "month" -> MONTH.format(date);
                case "quarter" -> "Q" + ((date.getMonthValue() - 1) / 3 + 1) + " " + date.getYear();
                case "year" -> String.valueOf(date.getYear());
                default -> DAY.format(date);
            };
        }
    }

    /** The constant an interval's count is cast and truncated from ("INTERVAL 1 MONTH" is to_months(trunc(1))). */
    private static JsonNode firstConstant(JsonNode e) {
        JsonNode n = e;
        for (int i = 0; i < 8 && !n.path("class").asText().equals("CONSTANT"); i++) n = n.has("child") ? n.path("child") : n.path("children").path(0);
        return n;
    }

    private static Folded fold(JsonNode e) {
        switch (e.path("class").asText()) {
            case "CONSTANT" -> {
                LocalDate d = date(e.path("value").path("value").asText(null));
                return d == null ? null : new Folded(d, null);
            }
            case "CAST" -> {
                return fold(e.path("child"));
            }
            case "FUNCTION" -> {
                String f = e.path("function_name").asText().toLowerCase(Locale.ROOT);
                JsonNode args = e.path("children");
                if (f.equals("date_trunc") && args.size() == 2) {
                    Folded d = fold(args.get(1));
                    String grain = args.get(0).path("value").path("value").asText("").toLowerCase(Locale.ROOT);
                    if (d == null) return null;
                    LocalDate x = d.date();
                    return switch (grain) {
                        case "month" -> new Folded(x.withDayOfMonth(1), "month");
                        case "quarter" -> new Folded(x.withDayOfMonth(1).withMonth((x.getMonthValue() - 1) / 3 * 3 + 1), "quarter");
                        case "year" -> new Folded(x.withDayOfYear(1), "year");
                        case "day" -> new Folded(x, null);
                        default -> null;
                    };
                }
                if ((f.equals("+") || f.equals("-")) && args.size() == 2) {
                    Folded d = fold(args.get(0));
                    JsonNode step = args.get(1);
                    String unit = step.path("function_name").asText("");
                    int n = firstConstant(step.path("children").path(0)).path("value").path("value").asInt(Integer.MIN_VALUE);
                    if (d == null || n == Integer.MIN_VALUE || !unit.matches("to_(days|months|years)")) return null;
                    int sign = f.equals("+") ? 1 : -1;
                    LocalDate x = switch (unit) {
                        case "to_days" -> d.date().plusDays((long) sign * n);
                        case "to_months" -> d.date().plusMonths((long) sign * n);
                        default -> d.date().plusYears((long) sign * n);
                    };
                    return new Folded(x, unit.equals("to_days") ? null : d.grain());
                }
                return null;
            }
            default -> {
                return null;
            }
        }
    }

    /** [from, to) in words: "in 2025", "in Q3 2026", "in September 2026", "from 3 to 9 March 2026", "on 3 March 2026". */
    static String period(LocalDate from, LocalDate to) {
        return dev.almanac.semantic.QueryExplainer.period(from, to);
    }

    private String condition(JsonNode e, Scope scope) {
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
                    return value(e.path("left"), scope, "rows") + " " + COMPARISONS.getOrDefault(type, "is") + " " + value(e.path("right"), scope, "rows");
                }
                Folded d = fold(e.path("right"));
                String shown = d != null ? d.shown() : constant(e.path("right"), scope);
                return value(e.path("left"), scope, "rows") + " " + COMPARISONS.getOrDefault(type, "is") + " " + shown;
            }
            case "BETWEEN" -> {
                return value(e.path("input"), scope, "rows") + " is between " + shown(e.path("lower"), scope) + " and " + shown(e.path("upper"), scope);
            }
            case "SUBQUERY" -> {
                String kind = e.path("subquery_type").asText();
                String list = scope.list(e.path("subquery").path("node"), "list");
                return switch (kind) {
                    case "EXISTS" -> "there is a row in " + list;
                    case "NOT_EXISTS" -> "there is no row in " + list;
                    case "ANY" -> value(e.path("child"), scope, "rows") + " is in " + list;
                    default -> value(e, scope, "rows");
                };
            }
            case "OPERATOR" -> {
                List<JsonNode> kids = new ArrayList<>();
                e.path("children").forEach(kids::add);
                switch (type) {
                    case "OPERATOR_IS_NULL" -> {
                        return value(kids.get(0), scope, "rows") + " is missing";
                    }
                    case "OPERATOR_IS_NOT_NULL" -> {
                        return value(kids.get(0), scope, "rows") + " is filled in";
                    }
                    case "COMPARE_IN", "COMPARE_NOT_IN" -> {
                        List<String> values = new ArrayList<>();
                        for (JsonNode k : kids.subList(1, kids.size())) values.add(shown(k, scope));
                        return value(kids.get(0), scope, "rows") + (type.equals("COMPARE_IN") ? " is " + either(values) : " is none of " + and(values));
                    }
                    case "OPERATOR_NOT" -> {
                        JsonNode inner = kids.get(0);
                        if (inner.path("class").asText().equals("COLUMN_REF")) return flag(inner, scope).replaceFirst("^they are ", "they are not ");
                        if (inner.path("class").asText().equals("SUBQUERY") && inner.path("subquery_type").asText().equals("ANY")) {
                            String list = scope.list(inner.path("subquery").path("node"), "list");
                            return value(inner.path("child"), scope, "rows") + " is not in " + list;
                        }
                        return "it is not so that " + condition(inner, scope);
                    }
                    default -> {
                        return value(e, scope, "rows");
                    }
                }
            }
            case "COLUMN_REF" -> {
                return flag(e, scope);
            }
            case "FUNCTION" -> {
                String f = e.path("function_name").asText();
                if (f.matches("~~\\*?|!~~\\*?|like|ilike|not_like")) {
                    String pattern = e.path("children").get(1).path("value").path("value").asText("");
                    String col = value(e.path("children").get(0), scope, "rows");
                    String not = f.startsWith("!") || f.startsWith("not") ? "does not " : "";
                    String likeText = pattern.replace("%", "").replace("_", "");
                    String how = pattern.startsWith("%") && pattern.endsWith("%") ? "contain" : pattern.endsWith("%") ? "start with" : pattern.startsWith("%") ? "end with" : "match";
                    return col + " " + (not.isEmpty() ? how + "s" : not + how) + " '" + likeText + "'";
                }
                return value(e, scope, "rows");
            }
            default -> {
                return value(e, scope, "rows");
            }
        }
    }

    /** A condition on the rows counted: "whose status is 'won'", "that are won". */
    private static String whose(String condition) {
        if (condition.startsWith("they are ")) return " that are " + condition.substring("they are ".length());
        return condition.startsWith("the ") || condition.startsWith("there ") ? " where " + condition : " whose " + condition;
    }

    /** A true/false column as a condition: "is_won" is "won", "is_closed" is "closed". */
    private String flag(JsonNode column, Scope scope) {
        String c = lastName(column);
        return "they are " + words(c.replaceFirst("(?i)^(is|has|was)_", ""));
    }

    // ------------------------------------------------------------------ values and measures

    /** A measure: an aggregate and the arithmetic around it, named. */
    private String measure(JsonNode e, Scope scope, String rows) {
        return value(e, scope, rows);
    }

    /** An expression in words: columns by their business names, functions by what they do, no call syntax. */
    private String value(JsonNode e, Scope scope, String rows) {
        String cls = e.path("class").asText();
        switch (cls) {
            case "COLUMN_REF" -> {
                return column(e, scope);
            }
            case "CONSTANT" -> {
                return constant(e, scope);
            }
            case "CAST" -> {
                if (e.path("child").path("class").asText().equals("CONSTANT")) {
                    String v = constant(e.path("child"), scope);
                    LocalDate d = date(v);
                    return d != null ? DAY.format(d) : v;
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
                    return "1 for each of those where " + condition(checks.get(0).path("when_expr"), scope);
                }
                List<String> parts = new ArrayList<>();
                for (JsonNode c : checks) parts.add(value(c.path("then_expr"), scope, rows) + " where " + condition(c.path("when_expr"), scope));
                return and(parts) + (present(otherwise) ? ", else " + value(otherwise, scope, rows) : "");
            }
            case "COMPARISON", "CONJUNCTION", "BETWEEN" -> {
                return "whether " + condition(e, scope);
            }
            case "OPERATOR" -> {
                String type = e.path("type").asText();
                if (type.equals("OPERATOR_COALESCE")) {
                    JsonNode fallback = e.path("children").path(1);
                    String first = value(e.path("children").get(0), scope, rows);
                    if (fallback.isMissingNode() || isConstant(fallback)) return first; // a plain default for a missing value is left out
                    return first + ", or where that is missing, " + value(fallback, scope, rows);
                }
                return "whether " + condition(e, scope);
            }
            case "WINDOW" -> {
                return window(e, scope, rows);
            }
            case "FUNCTION", "AGGREGATE" -> {
                return function(e, scope, rows);
            }
            default -> {
                return "a computed value";
            }
        }
    }

    private String function(JsonNode e, Scope scope, String rows) {
        String f = e.path("function_name").asText().toLowerCase(Locale.ROOT);
        List<JsonNode> args = new ArrayList<>();
        e.path("children").forEach(args::add);
        String where = present(e.path("filter")) ? whose(and(conditions(e.path("filter"), scope))) : "";
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
                    if (counted.startsWith("1 for each of those where ")) return "the number of " + rows + whose(counted.substring("1 for each of those where ".length())) + where;
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
                return arithmetic(f, args, scope, rows);
            }
            case "to_days", "to_weeks", "to_months", "to_years" -> { // INTERVAL 1 MONTH
                String n = firstConstant(args.get(0)).path("value").path("value").asText("some");
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
                out.add(new String[] {then.get(0), condition(c.path("when_expr"), scope)});
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

    /** Arithmetic named: a share in percent, a difference, a ratio; a unit change ("divided by 100") as it is. */
    private String arithmetic(String op, List<JsonNode> args, Scope scope, String rows) {
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
            if (isConstant(b)) return operand(a, scope, rows) + " divided by " + constant(b, scope);
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

    /** "the number of leads whose status is 'converted'" over "the number of leads": the share of leads whose status is 'converted'. */
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

    private String window(JsonNode e, Scope scope, String rows) {
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

    // ------------------------------------------------------------------ names

    /** A column by its business name: a dimension's label for that table's column, else its name in words. */
    private String column(JsonNode e, Scope scope) {
        JsonNode names = e.path("column_names");
        String name = names.get(names.size() - 1).asText();
        if (names.size() > 1) {
            String alias = names.get(names.size() - 2).asText();
            String table = scope.aliases.get(alias.toLowerCase(Locale.ROOT));
            String label = table == null ? null : columnLabels.get(table + "." + name.toLowerCase(Locale.ROOT));
            String of = table != null && scope.repeated.contains(table) ? " of " + words(alias) : ""; // a self-join: which side
            return (label != null ? label : words(name)) + of;
        } else {
            String found = null;
            for (String table : Set.copyOf(scope.aliases.values())) {
                String label = columnLabels.get(table + "." + name.toLowerCase(Locale.ROOT));
                if (label != null && found != null && !found.equals(label)) return words(name); // two tables read differ: the plain name
                if (label != null) found = label;
            }
            if (found != null) return found;
        }
        return words(name);
    }

    private static String lastName(JsonNode column) {
        JsonNode names = column.path("column_names");
        return names.get(names.size() - 1).asText();
    }

    private String constant(JsonNode e, Scope scope) {
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
        LocalDate d = date(text);
        if (d != null) return text; // a date stays parseable for ranges; shown by the caller
        return type.equals("VARCHAR") ? "'" + text + "'" : text;
    }

    private static LocalDate date(String text) {
        if (text == null) return null;
        String t = text.replaceAll("^'|'$", "");
        if (!t.matches("\\d{4}-\\d{2}-\\d{2}([ T]00:00(:00(\\.0+)?)?)?")) return null;
        try {
            return LocalDate.parse(t.substring(0, 10));
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    static String words(String identifier) {
        return dev.almanac.semantic.InWords.of(identifier);
    }

    private static String plural(String noun) {
        if (noun.endsWith("s") || noun.contains(" of ")) return noun;
        if (noun.endsWith("y") && !noun.matches(".*[aeiou]y")) return noun.substring(0, noun.length() - 1) + "ies";
        if (noun.endsWith(" ID")) return noun + "s";
        return noun + "s";
    }

    private static boolean present(JsonNode n) {
        return n != null && !n.isMissingNode() && !n.isNull();
    }

    private static boolean isConstant(JsonNode e) {
        return e.path("class").asText().equals("CONSTANT") || e.path("class").asText().equals("CAST") && e.path("child").path("class").asText().equals("CONSTANT");
    }

    private static boolean isNumber(JsonNode e, String n) {
        return e.path("class").asText().equals("CONSTANT") && e.path("value").path("value").asText().equals(n);
    }

    private static String and(List<String> parts) {
        return join(parts, "and");
    }

    private static String either(List<String> parts) {
        return join(parts, "or");
    }

    private static String join(List<String> parts, String word) {
        if (parts.size() <= 1) return parts.isEmpty() ? "" : parts.get(0);
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " " + word + " " + parts.get(parts.size() - 1);
    }

    private static String capitalized(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() || s.length() > 1 && Character.isUpperCase(s.charAt(1)) ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }
}
